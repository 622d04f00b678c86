/**
 * Runs the work handed to it one piece at a time, in call order; a piece that fails does not stop
 * the pieces after it (its caller gets the failure).
 */
export class OneAtATime {
  private queue: Promise<void> = Promise.resolve();

  run(work: () => Promise<void>): Promise<void> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once the work handed so far is done. */
  async drained(): Promise<void> {
    await this.queue;
  }
}
