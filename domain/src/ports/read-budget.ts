/**
 * A read of the read models that ran past its time budget and was stopped: the service answers 503
 * (the query is too broad for the moment, not wrong), and the reader that ran it is free again.
 */
export class ReadBudgetExceeded extends Error {
  override readonly name = 'ReadBudgetExceeded';

  constructor(readonly budgetMs: number) {
    super(`The read ran past its budget of ${budgetMs} ms and was stopped`);
  }
}

export const isReadBudgetExceeded = (e: unknown): e is ReadBudgetExceeded => e instanceof ReadBudgetExceeded;

export interface ReadOptions {
  /** When the read must be answered by (ms since the epoch): past it, the read is stopped. */
  readonly deadline?: number;
  /**
   * The query may visit many documents (a filter on any field, as analysts send): it runs where it
   * cannot hold up other work. Without it, a find or count is a feature's own lookup by indexed
   * fields, answered at once.
   */
  readonly broad?: boolean;
}
