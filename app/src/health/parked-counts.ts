import { EventStore } from '@support/domain';
import { readParkedEvents } from '@support/event-sourcing';

/** How many events each read model has parked now (read models with none left out). */
export type ParkedCounts = Readonly<Record<string, number>>;

/** The parked events of every read model, counted from their streams, at most once a second however often health and metrics ask. */
export const parkedCounts = (store: EventStore, readModels: readonly string[]): (() => Promise<ParkedCounts>) => {
  const measure = async (): Promise<ParkedCounts> => {
    const counts = await Promise.all(readModels.map(async (rm) => [rm, (await readParkedEvents(store, rm)).length] as const));
    return Object.fromEntries(counts.filter(([, n]) => n > 0));
  };
  let last: { at: number; counts: Promise<ParkedCounts> } | null = null;
  return () => {
    if (last === null || Date.now() - last.at > 1_000) last = { at: Date.now(), counts: measure() };
    return last.counts;
  };
};
