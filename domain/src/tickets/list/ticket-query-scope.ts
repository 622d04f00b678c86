import { Account } from '../../config/account-config';

/** What filter compilation needs to know about the caller's account. */
export interface TicketQueryScope {
  readonly accountId: string;
  /** Configured manual-source labels (docs/api/tickets.md, rule Source), matched case-insensitively. */
  readonly manualSourceLabels: readonly string[];
  /** Country of numbers sent without a country code. */
  readonly defaultPhoneCountry?: string;
}

export const ticketQueryScope = (account: Account): TicketQueryScope => ({
  accountId: account.id,
  manualSourceLabels: account.manualSourceLabels ?? [],
  defaultPhoneCountry: account.defaultPhoneCountry,
});
