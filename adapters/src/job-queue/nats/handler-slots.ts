/** At most `size` handlers at once: take() waits for a free slot, give() frees one. */
export class HandlerSlots {
  private waiting: (() => void)[] = [];

  constructor(private free: number) {}

  async take(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next !== undefined) next();
    else this.free += 1;
  }
}
