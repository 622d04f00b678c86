/**
 * Size of the fuzz run, bounded so that CI stays fast: FUZZ_RUNS cases per route (default 60),
 * at most FUZZ_ROUTE_MS per route (default 8 s). FUZZ_SEED replays a run (fast-check prints the
 * seed and the shrunk counterexample of a failure).
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 60);
export const FUZZ_ROUTE_MS = Number(process.env.FUZZ_ROUTE_MS ?? 8_000);
export const FUZZ_SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
