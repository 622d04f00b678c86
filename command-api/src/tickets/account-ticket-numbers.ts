import { DecidedAppend, EventStore, NumbersRead, TicketNumberAssigned, ticketNumberStream } from '@support/domain';
import { readLastEvent } from '@support/event-sourcing';
import { perEventStore } from '../shared/per-event-store';


interface Entry {
  readonly accountId: string;
  current: NumbersRead;
}

/**
 * The ticket numbers of each account as this process last decided them: read from the log once, then
 * advanced by every decision that takes a number, in the turn of the event loop in which the decision
 * is appended. So the creates of a process number their tickets one after another without reading
 * the stream again or waiting for each other's commit: each append expects the revision the decision
 * before it will have written (the log writes them in the order they were made). When an append that
 * took a number is refused or fails (another process numbered a ticket, or the decision lost a race
 * on another stream), the account's numbers are read again; decisions taken on the entry forgotten
 * are refused in turn and decided again on the new one.
 */
export class AccountTicketNumbers {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();

  constructor(private readonly eventStore: EventStore) {}

  /** The account's numbers, read from the log when this process holds none. */
  async of(accountId: string): Promise<Entry> {
    const known = this.entries.get(accountId);
    if (known !== undefined) return known;
    let load = this.loading.get(accountId);
    if (load === undefined) {
      load = this.read(accountId).finally(() => this.loading.delete(accountId));
      this.loading.set(accountId, load);
    }
    return load;
  }

  /** A decision's append took the next number of `entry` (call it in the decision's own turn). */
  took(entry: Entry, append: DecidedAppend): void {
    const numbered = append.events.filter((e): e is TicketNumberAssigned => e.type === 'TicketNumberAssigned');
    if (numbered.length === 0) return;
    const { current } = entry;
    entry.current = {
      streamName: current.streamName,
      lastNumber: numbered[numbered.length - 1].data.ticketNumber,
      revision: (current.revision ?? -1n) + BigInt(numbered.length),
    };
  }

  /** An append that took a number of `entry` was not written: the account's numbers are read again (unless read again already). */
  forget(entry: Entry): void {
    if (this.entries.get(entry.accountId) === entry) this.entries.delete(entry.accountId);
  }

  private async read(accountId: string): Promise<Entry> {
    const streamName = ticketNumberStream(accountId);
    const last = await readLastEvent(this.eventStore, streamName);
    const entry: Entry = {
      accountId,
      current: { streamName, lastNumber: last === null ? 0 : (last.data as TicketNumberAssigned['data']).ticketNumber, revision: last?.revision ?? null },
    };
    // A decision may have been taken on an entry read meanwhile: the first one read stays.
    const kept = this.entries.get(accountId);
    if (kept !== undefined) return kept;
    this.entries.set(accountId, entry);
    return entry;
  }
}

/** The numbers of the accounts written to this store, shared by every create path of the process. */
export const accountTicketNumbers = perEventStore((eventStore) => new AccountTicketNumbers(eventStore));
