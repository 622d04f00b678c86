import type { ReadModels } from '@support/domain';

/** An engine of the ReadModels port, as the contract runs it. */
export interface ReadModelsEngine {
  readonly name: string;
  /** A fresh, empty engine (a new SQLite file, a new MongoDB database); the contract closes it after each test. */
  open(): Promise<ReadModels>;
  /** Why the engine cannot run here: its tests are skipped, saying so. */
  readonly skip?: string;
  /**
   * The export stream reads a snapshot (writes made after it started are not seen), as the port
   * says. SQLite keeps it (a read transaction); MongoDB cannot promise it (a cursor reads each
   * document as it is when it gets to it), so the snapshot test runs only where this is true.
   */
  readonly streamsSnapshot?: boolean;
  /**
   * Takes the lock that declare takes across processes, as another process over the same store
   * would (SQLite: the write lock of the file, from another thread; MongoDB: the declare lease), and
   * lets it go after `ms`; resolves once it is held, with the moment (ms since the epoch) it was let go.
   */
  readonly holdDeclareLock?: (models: ReadModels, ms: number) => Promise<{ readonly released: Promise<number> }>;
  /** Another engine over the same store as `models` (another process's view of the same file or database). */
  readonly openBeside?: (models: ReadModels) => Promise<ReadModels>;
}
