import type { DocumentQuery, FieldMatch, TicketCriteria } from '@support/domain';
import type { TableLayout } from '../table-layout';

/** A read a reader thread runs: plain data, so that it crosses to the thread as it is. */
export type ReadRequest =
  | { readonly op: 'ticketPage'; readonly layout: TableLayout; readonly criteria: TicketCriteria; readonly page: number; readonly limit: number; readonly fields: readonly string[] }
  | { readonly op: 'ticketCount'; readonly layout: TableLayout; readonly criteria: TicketCriteria }
  | { readonly op: 'ticketExists'; readonly layout: TableLayout; readonly criteria: TicketCriteria }
  | { readonly op: 'ticketCountAt'; readonly layout: TableLayout; readonly criteria: TicketCriteria; readonly readModel: string }
  | { readonly op: 'find'; readonly layout: TableLayout; readonly query: DocumentQuery }
  | { readonly op: 'count'; readonly layout: TableLayout; readonly where: FieldMatch };

/** What the main thread posts to a reader thread. */
export type ToReader = { readonly id: number; readonly read: ReadRequest } | { readonly reopen: true } | { readonly stop: true };

/** What a reader thread posts back: the answer to request `id`, or why it failed. */
export type FromReader =
  | { readonly id: number; readonly value: unknown }
  | { readonly id: number; readonly failure: { readonly name: string; readonly message: string; readonly code?: string } };
