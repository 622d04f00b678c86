import { comparePositions, type Position } from '@support/domain';

/**
 * How far a subscription has read the log: the position of the last event it yielded or the last
 * checkpoint it took (events its filter left out included), never going back. `readPast` resolves
 * once it is past a position, or the subscription ended (AllSubscription.readUpTo / readPast).
 */
export class ReadProgress {
  private upTo: Position | null = null;
  private waiters: { readonly past: Position | null; readonly resolve: () => void }[] = [];
  private ended = false;

  readUpTo(): Position | null {
    return this.upTo;
  }

  /** The log has been read up to `position` (an event yielded, a checkpoint taken). */
  advance(position: Position): void {
    if (this.upTo !== null && comparePositions(position, this.upTo) <= 0) return;
    this.upTo = position;
    this.tell();
  }

  readPast(position: Position | null): Promise<void> {
    if (this.isPast(position)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ past: position, resolve }));
  }

  /** The subscription ended: every wait resolves. */
  end(): void {
    this.ended = true;
    this.tell();
  }

  private isPast(position: Position | null): boolean {
    return this.ended || (this.upTo !== null && (position === null || comparePositions(this.upTo, position) > 0));
  }

  private tell(): void {
    const due = this.waiters.filter((w) => this.isPast(w.past));
    if (due.length === 0) return;
    this.waiters = this.waiters.filter((w) => !due.includes(w));
    due.forEach((w) => w.resolve());
  }
}
