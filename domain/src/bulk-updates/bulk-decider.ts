import * as E from 'fp-ts/Either';
import { Decider } from '../shared/decider';
import {
  BulkTicketOutcome, BulkUpdateEvent, BulkUpdateRequestedData, BulkUpdateState, evolveBulkUpdate, initialBulkUpdateState,
} from './bulk-events';

export type BulkUpdateCommand =
  | { readonly type: 'RequestBulkUpdate'; readonly data: BulkUpdateRequestedData }
  | { readonly type: 'StartBulkUpdate'; readonly now: Date }
  | { readonly type: 'RecordOutcomes'; readonly attempt: number; readonly outcomes: readonly BulkTicketOutcome[]; readonly now: Date }
  | { readonly type: 'CompleteBulkUpdate'; readonly attempt: number; readonly now: Date }
  | { readonly type: 'CancelBulkUpdate'; readonly by: string; readonly now: Date }
  | { readonly type: 'FailBulkUpdate'; readonly error: string; readonly now: Date };

export type BulkUpdateRejection =
  | { readonly kind: 'BulkUpdateNotFound' }
  | { readonly kind: 'BulkUpdateFinished'; readonly status: 'succeeded' | 'cancelled' | 'failed' }
  /** A later attempt took the job over: this attempt's outcomes no longer count. */
  | { readonly kind: 'AttemptSuperseded'; readonly attempt: number; readonly current: number };

type Decision = E.Either<BulkUpdateRejection, readonly BulkUpdateEvent[]>;

const jobIdOf = (s: BulkUpdateState): string => s.request!.jobId;

const open = (s: BulkUpdateState): E.Either<BulkUpdateRejection, BulkUpdateState> => {
  if (s.status === 'none') return E.left({ kind: 'BulkUpdateNotFound' });
  if (s.status === 'succeeded' || s.status === 'cancelled' || s.status === 'failed') return E.left({ kind: 'BulkUpdateFinished', status: s.status });
  return E.right(s);
};

const owned = (s: BulkUpdateState, attempt: number): E.Either<BulkUpdateRejection, BulkUpdateState> =>
  s.attempt === attempt ? E.right(s) : E.left({ kind: 'AttemptSuperseded', attempt, current: s.attempt });

const decide = (command: BulkUpdateCommand, s: BulkUpdateState): Decision => {
  switch (command.type) {
    case 'RequestBulkUpdate':
      return E.right(s.status === 'none' ? [{ type: 'BulkUpdateRequested', data: command.data }] : []);
    case 'StartBulkUpdate':
      return E.map((o: BulkUpdateState): readonly BulkUpdateEvent[] => [
        { type: 'BulkUpdateStarted', data: { jobId: jobIdOf(o), attempt: o.attempt + 1, startedAt: command.now.toISOString() } },
      ])(open(s));
    case 'RecordOutcomes':
      // A job cancelled meanwhile still records what its attempt did before it saw the cancel.
      if (s.status === 'none') return E.left({ kind: 'BulkUpdateNotFound' });
      return E.map((o: BulkUpdateState): readonly BulkUpdateEvent[] => (command.outcomes.length === 0 ? [] : [
        { type: 'BulkUpdateTicketsProcessed', data: { jobId: jobIdOf(o), attempt: command.attempt, outcomes: command.outcomes, at: command.now.toISOString() } },
      ]))(owned(s, command.attempt));
    case 'CompleteBulkUpdate':
      return E.map((o: BulkUpdateState): readonly BulkUpdateEvent[] => [{
        type: 'BulkUpdateSucceeded',
        data: { jobId: jobIdOf(o), attempt: command.attempt, ...o.counts, completedAt: command.now.toISOString() },
      }])(E.chain((o: BulkUpdateState) => owned(o, command.attempt))(open(s)));
    case 'CancelBulkUpdate':
      if (s.status === 'cancelled') return E.right([]);
      return E.map((o: BulkUpdateState): readonly BulkUpdateEvent[] => [
        { type: 'BulkUpdateCancelled', data: { jobId: jobIdOf(o), cancelledBy: command.by, cancelledAt: command.now.toISOString() } },
      ])(open(s));
    case 'FailBulkUpdate':
      return E.map((o: BulkUpdateState): readonly BulkUpdateEvent[] => [
        { type: 'BulkUpdateFailed', data: { jobId: jobIdOf(o), error: command.error, failedAt: command.now.toISOString() } },
      ])(open(s));
  }
};

/**
 * The life of one bulk update: requested (queued), started per attempt (running), the tickets'
 * outcomes as they come, then succeeded, or cancelled by a user, or failed; only the attempt that
 * owns the job records outcomes or completes it.
 */
export const bulkUpdateDecider: Decider<BulkUpdateCommand, BulkUpdateEvent, BulkUpdateState, BulkUpdateRejection> = {
  initialState: initialBulkUpdateState,
  evolve: evolveBulkUpdate,
  decide,
};
