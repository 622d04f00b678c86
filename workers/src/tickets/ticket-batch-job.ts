import { JobToPublish } from '@support/event-sourcing';

/** One ticket a ticket job is about, with the event that asked for it. */
export interface TicketTarget {
  readonly ticketId: string;
  readonly accountId: string;
  /** Of the request that created the ticket (audit trail). */
  readonly correlationId: string | null;
  /** The event that asked for the job. */
  readonly causationId: string;
}

/** A job about the tickets of one dispatched batch of events. */
export interface TicketBatchJob<Target extends TicketTarget> {
  readonly tickets: readonly Target[];
}

/**
 * Jobs of `kind` (dedupe ids starting `dedupePrefix:`) that hold the tickets of one dispatched batch of events, at most `perJob` each
 * (under load one job for the tickets of a group commit, not one job, one journal record of publish,
 * delivery and acknowledgement each, per ticket). Dedupe ids come from the events (the first ticket's,
 * and how many the job holds), so a replay of the same batch publishes nothing new; a replay cut
 * differently may publish tickets again, which the worker finds done and skips.
 */
export const ticketBatchJobs = <Target extends TicketTarget>(kind: string, dedupePrefix: string, perJob: number) => {
  const dedupeIdOf = (tickets: readonly Target[]): string => `${dedupePrefix}:${tickets[0].causationId}${tickets.length === 1 ? '' : `+${tickets.length}`}`;
  const job = (tickets: readonly Target[]): JobToPublish & { readonly payload: TicketBatchJob<Target> } => ({ kind, payload: { tickets }, dedupeId: dedupeIdOf(tickets) });
  return {
    /** The job of one ticket. */
    of: (target: Target) => job([target]),
    /** The tickets of jobs made for one batch, in as few jobs as `perJob` allows. */
    combine: (jobs: readonly JobToPublish[], ticketsOf: (payload: unknown) => readonly Target[]) => {
      const tickets = jobs.flatMap((j) => ticketsOf(j.payload));
      const combined: ReturnType<typeof job>[] = [];
      for (let start = 0; start < tickets.length; start += perJob) combined.push(job(tickets.slice(start, start + perJob)));
      return combined;
    },
  };
};
