import { createHash } from 'node:crypto';

/**
 * One line per access (docs/api/orders.md: access is audited). It names who (the token's label, never the
 * token), which store, what was asked and the outcome; an identifier only as a short hash, never
 * a phone number or email.
 */
export interface StoreAuditLine {
  readonly at: string;
  readonly requestId: string;
  readonly token: string | null;
  readonly storeId: string | null;
  readonly action: 'order_list' | 'order_details' | 'customer_lookup' | 'other';
  readonly identifierKind?: 'phone' | 'email' | 'phone+email';
  readonly identifierHash?: string;
  readonly orderId?: string;
  readonly status: number;
  readonly code?: string;
  readonly results?: number;
}

export type StoreAuditSink = (line: StoreAuditLine) => void;

export const storeIdentifierHash = (value: string): string => createHash('sha256').update(value).digest('hex').slice(0, 12);

/** The default sink: one JSON line on stdout. */
export const stdoutStoreAudit: StoreAuditSink = (line) => {
  process.stdout.write(`${JSON.stringify({ audit: 'store-reference', ...line })}\n`);
};
