import { randomUUID } from 'node:crypto';
import { AllSubscription, EventData, RecordedEvent } from '@support/domain';

/** A stream name no other test (nor another run on a shared server) uses. */
export const uniqueName = (prefix: string): string => `${prefix}-${randomUUID().replace(/-/g, '')}`;

export function newEvent(type = 'TicketNoted', data: Record<string, unknown> = { note: 'hello' }): EventData {
  return { id: randomUUID(), type, data, metadata: { version: 1, correlationId: randomUUID() } };
}

export const newEvents = (count: number, type = 'TicketNoted'): EventData[] =>
  Array.from({ length: count }, (_, i) => newEvent(type, { n: i }));

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

export type EventIterator = AsyncIterator<RecordedEvent>;

export const iterate = (subscription: AllSubscription): EventIterator => subscription[Symbol.asyncIterator]();

/** The next `count` events of a subscription; fails when they do not arrive within `timeoutMs`. */
export async function nextEvents(iterator: EventIterator, count: number, timeoutMs = 5_000): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`got ${events.length} of ${count} events within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    while (events.length < count) {
      const next = await Promise.race([iterator.next(), timeout]);
      if (next.done) throw new Error(`subscription ended after ${events.length} of ${count} events`);
      events.push(next.value);
    }
    return events;
  } finally {
    clearTimeout(timer);
  }
}

export const ids = (events: readonly { readonly id: string }[]): string[] => events.map((e) => e.id);
