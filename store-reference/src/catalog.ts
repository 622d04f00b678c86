import { readFileSync } from 'node:fs';

/**
 * The JSON catalog the reference store system serves (docs/api/orders.md). It is the store's own database,
 * so it may hold secrets (card numbers, CVV, passwords, tokens, risk scores): the server builds every
 * answer from a whitelist of fields and never returns them.
 */
export interface ReferenceCatalogStore {
  readonly id: string;
  readonly name?: string;
  /** Country of phone numbers sent without +country code (ISO 3166, e.g. "IN"). */
  readonly defaultPhoneCountry?: string;
  /** Whether order-list items embed the customer (default true); false makes the agent call customer details. */
  readonly embedCustomerInList?: boolean;
  /** Values shown in full instead of masked (default: all masked). */
  readonly reveal?: { readonly email?: boolean; readonly phone?: boolean; readonly address?: boolean; readonly paymentReference?: boolean };
}

export type ReferenceScope = 'orders:read' | 'customers:read';

export interface ReferenceCatalogToken {
  readonly token: string;
  readonly storeId: string;
  /** Audit name of the token (never the token itself). */
  readonly label: string;
  /** Default: both scopes. A missing scope answers 403 whatever the record. */
  readonly scopes?: readonly ReferenceScope[];
}

export type ReferenceCatalogRecord = Readonly<Record<string, unknown>>;

export interface ReferenceCatalog {
  readonly stores: readonly ReferenceCatalogStore[];
  readonly tokens: readonly ReferenceCatalogToken[];
  /** Each with store_id, customer_id, name, email, phone, customer_type, account_status, default_address. */
  readonly customers: readonly ReferenceCatalogRecord[];
  /** Each with store_id, order_id, customer_id, created_at and the fields of docs/api/orders.md. */
  readonly orders: readonly ReferenceCatalogRecord[];
}

const str = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Checks the keys the server relies on; the message names the bad entry. */
const validateReferenceCatalog = (raw: unknown): ReferenceCatalog => {
  const fail = (where: string, why: string): never => {
    throw new Error(`store catalog: ${where} ${why}`);
  };
  if (raw === null || typeof raw !== 'object') fail('document', 'must be a JSON object');
  const doc = raw as Record<string, unknown>;
  for (const key of ['stores', 'tokens', 'customers', 'orders']) if (!Array.isArray(doc[key])) fail(key, 'must be an array');
  const stores = doc.stores as ReferenceCatalogStore[];
  const storeIds = new Set<string>();
  stores.forEach((s, i) => {
    if (!str(s?.id)) fail(`stores[${i}].id`, 'must be a non-empty string');
    storeIds.add(s.id);
  });
  (doc.tokens as ReferenceCatalogToken[]).forEach((t, i) => {
    if (!str(t?.token)) fail(`tokens[${i}].token`, 'must be a non-empty string');
    if (!storeIds.has(t.storeId)) fail(`tokens[${i}].storeId`, 'must name a store');
    if (!str(t.label)) fail(`tokens[${i}].label`, 'must be a non-empty string');
  });
  const customerIds = new Set<string>();
  (doc.customers as ReferenceCatalogRecord[]).forEach((c, i) => {
    if (!storeIds.has(c?.store_id as string)) fail(`customers[${i}].store_id`, 'must name a store');
    if (!str(c.customer_id)) fail(`customers[${i}].customer_id`, 'must be a non-empty string');
    customerIds.add(`${c.store_id}\u0000${c.customer_id}`);
  });
  (doc.orders as ReferenceCatalogRecord[]).forEach((o, i) => {
    if (!storeIds.has(o?.store_id as string)) fail(`orders[${i}].store_id`, 'must name a store');
    for (const key of ['order_id', 'created_at', 'order_status']) if (!str(o[key])) fail(`orders[${i}].${key}`, 'must be a non-empty string');
    if (!customerIds.has(`${o.store_id}\u0000${o.customer_id}`)) fail(`orders[${i}].customer_id`, 'must name a customer of the same store');
  });
  return doc as unknown as ReferenceCatalog;
};

export const loadReferenceCatalog = (file: string): ReferenceCatalog => validateReferenceCatalog(JSON.parse(readFileSync(file, 'utf8')));
