/**
 * A point in a scan where a batch of candidates has been tested: a reader that may wait (a find
 * or count of the collection API) lets other work run there once its slice of time is used
 * (`TimeSlice`, domain), so one long scan does not hold up every other request; writes and other
 * synchronous readers skip it.
 */
export const PAUSE: unique symbol = Symbol('scan pause');
export type ScanStep<T> = T | typeof PAUSE;

/** The steps without the pauses (a synchronous reader). */
export function* withoutPauses<T>(steps: Iterable<ScanStep<T>>): Generator<T> {
  for (const step of steps) if (step !== PAUSE) yield step;
}
