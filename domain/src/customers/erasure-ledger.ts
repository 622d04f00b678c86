/**
 * One erasure done, as the ledger kept outside the data directory holds it (ERASURES_FILE,
 * docs/operations.md, Erasure): enough to ask for it again on a log restored from a backup taken
 * before it. Ids and times only; no erased value.
 */
export interface ErasureLedgerEntry {
  readonly accountId: string;
  readonly customerId: string;
  readonly erasureId: string;
  readonly requestedAt: string;
  readonly erasedAt: string;
}

/** Where erasures are kept for good, outside the backups. */
export interface ErasureLedger {
  record(entry: ErasureLedgerEntry): Promise<void>;
  entries(): Promise<readonly ErasureLedgerEntry[]>;
}

/** What the log says of a customer's erasures (its customer stream's latest one). */
interface LoggedErasure {
  readonly requestedAt: string;
}

/**
 * Whether an erasure of the ledger is to be asked again on this log: the customer is in it, and
 * the log knows no erasure of theirs asked at or after the ledger's (a log restored from a backup
 * taken before it). A log that holds it, or a later one, is left alone, also when the customer came
 * back after it. Pure.
 */
export const erasureToReapply = (entry: ErasureLedgerEntry, customer: { readonly erasure: LoggedErasure | null } | null): boolean =>
  customer !== null && (customer.erasure === null || customer.erasure.requestedAt < entry.requestedAt);
