import { RecordedEvent } from '@support/domain';

/**
 * The most recent events of the log, decoded, by position: a ring of fixed capacity. Commands load
 * the streams they decide on, and subscriptions read what was just appended, almost always from the
 * tail of the log; the ring answers those reads without a file read, checksum or JSON parse. An
 * event is put in when its append is reserved (readers wait for durability before reading).
 * Events are frozen: every reader shares the same objects.
 */
export class RecentEvents {
  private readonly ring: (RecordedEvent | undefined)[];

  constructor(readonly capacity: number) {
    this.ring = new Array(capacity);
  }

  put(position: number, event: RecordedEvent): void {
    this.ring[position % this.capacity] = Object.freeze(event);
  }

  get(position: number): RecordedEvent | undefined {
    const event = this.ring[position % this.capacity];
    return event !== undefined && Number(event.position.commit) === position ? event : undefined;
  }

  /** The events at `from` .. `to - 1`, or null when one of them is not held. */
  range(from: number, to: number): RecordedEvent[] | null {
    if (to - from > this.capacity) return null;
    const events: RecordedEvent[] = new Array(to - from);
    for (let position = from; position < to; position += 1) {
      const event = this.get(position);
      if (event === undefined) return null;
      events[position - from] = event;
    }
    return events;
  }
}
