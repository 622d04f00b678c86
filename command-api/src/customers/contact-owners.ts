import { Contact, CustomerKeyClaimed, customerKeyStream, EventStore, NormalizedEmail, PhoneE164 } from '@support/domain';
import { readFirstEvent } from '@support/event-sourcing';
import { LRUCache } from 'lru-cache';
import { perEventStore } from '../shared/per-event-store';

/** The owner of a contact's key stream as a decision reads it. */
export interface ContactOwner {
  readonly streamName: string;
  readonly owner: string | null;
}

/** Owned contacts a process keeps in memory at most (each about 150 bytes). */
const MAX_KEPT = 100_000;

/**
 * Who owns each contact (phone, email) of an account: the customer its key stream's first event
 * names, for ever. An owner once read is kept (the least recently used forgotten past MAX_KEPT): a repeat
 * customer's contacts cost no read. A contact nobody owns is read every time, as another request may
 * claim it at any moment.
 */
export class ContactOwners {
  private readonly owned = new LRUCache<string, ContactOwner>({ max: MAX_KEPT });

  constructor(private readonly eventStore: EventStore) {}

  async of(accountId: string, contact: Contact): Promise<ContactOwner> {
    const key = contact.kind === 'phone' ? { kind: 'phone' as const, value: contact.value as PhoneE164 } : { kind: 'email' as const, value: contact.value as NormalizedEmail };
    const streamName = customerKeyStream(accountId, key);
    const kept = this.owned.get(streamName);
    if (kept !== undefined) return kept;
    const first = await readFirstEvent(this.eventStore, streamName);
    if (first === null) return { streamName, owner: null };
    const found: ContactOwner = { streamName, owner: (first.data as CustomerKeyClaimed['data']).customerId };
    this.owned.set(streamName, found);
    return found;
  }
}

/** The contact owners read from this store, shared by every path of the process that finds customers. */
export const contactOwners = perEventStore((eventStore) => new ContactOwners(eventStore));
