import { DomainEvent } from '../shared/decider';

/**
 * An event a projection could not apply after a few tries is parked: recorded with its error on
 * the read model's parked-events stream, and the projection goes on without it. The read model
 * then lacks what that event would have written until the event is applied on request (a retry).
 */
export const PARKED_EVENTS_STREAM_PREFIX = 'parked_events-';

/** The parked events of one read model. */
export const parkedEventsStream = (readModel: string): string => `${PARKED_EVENTS_STREAM_PREFIX}${readModel}`;

/** Where the parked event is in the log: enough to read it again. */
export interface ParkedEventRef {
  readonly readModel: string;
  readonly eventId: string;
  readonly streamName: string;
  /** The event's revision in its stream (a decimal string: revisions are 64-bit). */
  readonly revision: string;
}

export type ProjectionEventParked = DomainEvent<'ProjectionEventParked', ParkedEventRef & {
  readonly eventType: string;
  /** The event's position in the log (commit/prepare). */
  readonly position: string;
  /** The projection's error (its message, at most 500 characters). */
  readonly errorMessage: string;
  readonly attempts: number;
  readonly parkedAt: string;
}>;

/** An operator asked for the parked event to be applied again (the projection applies it in its next batch). */
export type ParkedEventRetryRequested = DomainEvent<'ParkedEventRetryRequested', ParkedEventRef & { readonly requestedAt: string }>;

/** A retry applied the parked event: the read model has it. */
export type ParkedEventApplied = DomainEvent<'ParkedEventApplied', { readonly readModel: string; readonly eventId: string; readonly appliedAt: string }>;

export type ParkedEventsEvent = ProjectionEventParked | ParkedEventRetryRequested | ParkedEventApplied;

/** A read model's events parked now (parked, and not applied since), by event id, from its stream's events in order. */
export const parkedNow = (events: readonly { readonly type: string; readonly data: unknown }[]): Map<string, ProjectionEventParked['data']> => {
  const parked = new Map<string, ProjectionEventParked['data']>();
  for (const e of events) {
    if (e.type === 'ProjectionEventParked') {
      const data = e.data as ProjectionEventParked['data'];
      parked.set(data.eventId, data);
    } else if (e.type === 'ParkedEventApplied') {
      parked.delete((e.data as ParkedEventApplied['data']).eventId);
    }
  }
  return parked;
};
