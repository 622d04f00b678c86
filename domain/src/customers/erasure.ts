import * as E from 'fp-ts/Either';
import { CustomerEvent, ErasureCounts } from './events';

/** A customer's latest erasure (docs/api/erasure.md). */
export interface CustomerErasure {
  readonly erasureId: string;
  readonly status: 'requested' | 'erased' | 'refused';
  readonly requestedBy: string;
  readonly requestedAt: string;
  /** When it was erased or refused. */
  readonly finishedAt: string | null;
  readonly reason: string | null;
  readonly counts: ErasureCounts | null;
  readonly ticketIds: readonly string[];
  /** The template messages whose number and parameters were erased. */
  readonly messageIds: readonly string[];
}

export type ErasureCommand =
  | { readonly type: 'RequestErasure'; readonly erasureId: string; readonly requestedBy: string; readonly at: Date }
  | { readonly type: 'CompleteErasure'; readonly erasureId: string; readonly counts: ErasureCounts; readonly ticketIds: readonly string[]; readonly messageIds: readonly string[]; readonly at: Date }
  | { readonly type: 'RefuseErasure'; readonly erasureId: string; readonly reason: string; readonly at: Date };

/** What the erasure part of a customer's state needs to decide: its ids, its erasure, and whether it holds contacts again since. */
interface ErasureSubject {
  readonly customerId: string;
  readonly accountId: string;
  readonly erasure: CustomerErasure | null;
  /** Contacts or details recorded since its last erasure (a customer who came back). */
  readonly personalDataSinceErasure: boolean;
}

export type ErasureError = { readonly kind: 'ErasureNotRequested'; readonly erasureId: string };

/**
 * An erasure is asked once: while one is under way, or once it is done and the customer has not come
 * back with new contacts or details, asking again decides nothing (the answer is that erasure). Only
 * the erasure under way is completed or refused, once.
 */
export const decideErasure = (command: ErasureCommand, subject: ErasureSubject): E.Either<ErasureError, readonly CustomerEvent[]> => {
  const ids = { customerId: subject.customerId, accountId: subject.accountId };
  const current = subject.erasure;
  const at = command.at.toISOString();
  switch (command.type) {
    case 'RequestErasure':
      if (current !== null && (current.status === 'requested' || !subject.personalDataSinceErasure)) return E.right([]);
      return E.right([{ type: 'CustomerErasureRequested', data: { ...ids, erasureId: command.erasureId, requestedBy: command.requestedBy, requestedAt: at } }]);
    case 'CompleteErasure':
      if (current === null || current.erasureId !== command.erasureId) return E.left({ kind: 'ErasureNotRequested', erasureId: command.erasureId });
      if (current.status !== 'requested') return E.right([]);
      return E.right([{
        type: 'CustomerErased',
        data: { ...ids, erasureId: current.erasureId, requestedBy: current.requestedBy, requestedAt: current.requestedAt, erasedAt: at, ticketIds: command.ticketIds, messageIds: command.messageIds, ...command.counts },
      }]);
    case 'RefuseErasure':
      if (current === null || current.erasureId !== command.erasureId) return E.left({ kind: 'ErasureNotRequested', erasureId: command.erasureId });
      if (current.status !== 'requested') return E.right([]);
      return E.right([{ type: 'CustomerErasureRefused', data: { ...ids, erasureId: current.erasureId, reason: command.reason, refusedAt: at } }]);
  }
};

/** The erasure after one of its events (other events leave it as it is). */
export const evolveErasure = (erasure: CustomerErasure | null, event: CustomerEvent): CustomerErasure | null => {
  switch (event.type) {
    case 'CustomerErasureRequested':
      return {
        erasureId: event.data.erasureId, status: 'requested', requestedBy: event.data.requestedBy, requestedAt: event.data.requestedAt,
        finishedAt: null, reason: null, counts: null, ticketIds: [], messageIds: [],
      };
    case 'CustomerErased': {
      if (erasure === null) return erasure;
      const { streams, events, keys } = event.data;
      return { ...erasure, status: 'erased', finishedAt: event.data.erasedAt, counts: { streams, events, keys }, ticketIds: event.data.ticketIds, messageIds: event.data.messageIds ?? [] };
    }
    case 'CustomerErasureRefused':
      return erasure === null ? erasure : { ...erasure, status: 'refused', finishedAt: event.data.refusedAt, reason: event.data.reason };
    default:
      return erasure;
  }
};

/** Where an erasure's status is read. */
export const erasureStatusPath = (customerId: string): string => `/apis/customers/${encodeURIComponent(customerId)}/erasure`;

/** The answer of an erasure's routes (docs/api/erasure.md). */
export const erasureView = (customerId: string, erasure: CustomerErasure) => ({
  success: true as const,
  erasureId: erasure.erasureId,
  customerId,
  status: erasure.status,
  requestedBy: erasure.requestedBy,
  requestedAt: erasure.requestedAt,
  finishedAt: erasure.finishedAt,
  reason: erasure.reason,
  erased: erasure.counts,
  ticketIds: erasure.ticketIds,
  messageIds: erasure.messageIds,
  statusUrl: erasureStatusPath(customerId),
});

/** The 403 of the erasure's routes for a token that is not an account admin's. */
export const ERASURE_ADMINS_ONLY = 'Only an account admin may erase a customer\'s personal data or read an erasure: use an admin\'s token';
