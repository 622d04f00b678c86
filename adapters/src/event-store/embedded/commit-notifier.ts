/** Wakes whoever waits for the log to move on: live subscriptions, reads waiting for in-flight appends. */
export class CommitNotifier {
  private readonly listeners = new Set<() => void>();

  /** Returns the function that removes the listener. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Resolves once `condition` holds, checking it again after every notification; rejects if it throws. */
  async until(condition: () => boolean): Promise<void> {
    while (!condition()) {
      await new Promise<void>((resolve) => {
        const remove = this.listen(() => {
          remove();
          resolve();
        });
      });
    }
  }
}
