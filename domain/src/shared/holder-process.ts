/**
 * The process that holds a claim (runs the request behind it): its pid on one machine, with its
 * start time, so that a reused pid is another process. Recorded with the claim, so that a repeat can
 * tell at once whether the holder still lives.
 */
export interface HolderProcess {
  /** The machine's boot and pid namespace, as the operating system names them. */
  readonly machine: string;
  readonly pid: number;
  readonly start: string;
}
