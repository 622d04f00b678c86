import { ReferenceCatalogRecord, ReferenceCatalogStore } from './catalog';
import { maskStoreAddress, maskedPaymentReference, maskStoreEmail, maskStorePhone, plainStoreAddress } from './masking';

/**
 * The answers of the reference store, built field by field from the catalog (a whitelist): nothing
 * else a catalog record holds (card numbers, CVV, passwords, tokens, risk signals) can leak.
 */

const pick = (r: Readonly<Record<string, unknown>> | undefined, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.map((k) => [k, r?.[k] ?? null]));

const obj = (v: unknown): Record<string, unknown> | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x) => obj(x) !== undefined) : []);

const money = (v: unknown): { amount: string; currency: string } | null => {
  const m = obj(v);
  return m && typeof m.amount === 'string' && typeof m.currency === 'string' ? { amount: m.amount, currency: m.currency } : null;
};

const contact = (value: unknown, reveal: boolean | undefined, mask: (s: string) => string): string | null =>
  typeof value === 'string' && value !== '' ? (reveal ? value : mask(value)) : null;

export const referenceCustomerView = (c: ReferenceCatalogRecord, store: ReferenceCatalogStore, withAddress: boolean): Record<string, unknown> => ({
  customer_id: c.customer_id,
  name: c.name ?? null,
  email: contact(c.email, store.reveal?.email, maskStoreEmail),
  phone: contact(c.phone, store.reveal?.phone, maskStorePhone),
  customer_type: c.customer_type ?? null,
  account_status: c.account_status ?? null,
  ...(withAddress ? { default_address: store.reveal?.address ? plainStoreAddress(c.default_address) : maskStoreAddress(c.default_address) } : {}),
});

const grandTotal = (o: ReferenceCatalogRecord) => money(obj(o.totals)?.grand_total) ?? money(o.total);

export const referenceOrderListItemView = (o: ReferenceCatalogRecord, customer: ReferenceCatalogRecord, store: ReferenceCatalogStore): Record<string, unknown> => ({
  order_id: o.order_id,
  order_number: o.order_number ?? null,
  created_at: o.created_at,
  order_status: o.order_status,
  fulfillment_status: o.fulfillment_status ?? null,
  total: grandTotal(o),
  ...(store.embedCustomerInList === false ? {} : { customer: referenceCustomerView(customer, store, false) }),
});

export const referenceOrderDetailsView = (o: ReferenceCatalogRecord, store: ReferenceCatalogStore): Record<string, unknown> => {
  const totals = obj(o.totals);
  const shipping = obj(o.shipping);
  const payment = obj(o.payment) ?? {};
  return {
    ...pick(o, ['order_id', 'order_number', 'created_at', 'updated_at', 'order_status', 'fulfillment_status', 'payment_status']),
    items: list(o.items).map((i) => ({
      ...pick(i, ['line_item_id', 'name', 'variant', 'quantity']),
      unit_price: money(i.unit_price),
      line_total: money(i.line_total),
    })),
    totals: Object.fromEntries(['subtotal', 'discount', 'shipping', 'tax', 'grand_total'].map((k) => [k, money(totals?.[k])])),
    fulfillments: list(o.fulfillments).map((f) => pick(f, ['carrier', 'tracking_number', 'tracking_url', 'shipped_at', 'delivered_at'])),
    shipping: {
      recipient_name: shipping?.recipient_name ?? null,
      address: store.reveal?.address ? plainStoreAddress(shipping?.address) : maskStoreAddress(shipping?.address),
    },
    payment: { method: payment.method ?? null, masked_reference: maskedPaymentReference(payment, store.reveal?.paymentReference === true) },
    adjustments: list(o.adjustments).map((a) => ({ ...pick(a, ['type', 'status', 'reason', 'created_at']), amount: money(a.amount) })),
    ...(typeof o.return_label_url === 'string' ? { return_label_url: o.return_label_url } : {}),
  };
};
