/** Masking of contact, address and payment data (docs/api/orders.md: masked unless the workflow needs the full value). */

const stars = (n: number): string => '*'.repeat(Math.max(3, n));

/** "priya.sharma@example.com" → "p***@example.com". */
export const maskStoreEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at <= 0) return stars(email.length);
  return `${email[0]}***${email.slice(at)}`;
};

/** "+919876543210" → "+91******3210": the country prefix and the last four digits stay. */
export const maskStorePhone = (phone: string): string => {
  if (phone.length <= 7) return stars(phone.length);
  return `${phone.slice(0, 3)}${stars(phone.length - 7)}${phone.slice(-4)}`;
};

/** Street lines hidden, postal code shortened; city, region and country stay (enough to talk about a delivery). */
export const maskStoreAddress = (address: unknown): unknown => {
  if (address === null || typeof address !== 'object') return address ?? null;
  const a = address as Record<string, unknown>;
  const postal = typeof a.postal_code === 'string' ? `${a.postal_code.slice(0, 2)}***` : null;
  return {
    line1: typeof a.line1 === 'string' ? '***' : null,
    line2: typeof a.line2 === 'string' && a.line2 !== '' ? '***' : null,
    city: a.city ?? null,
    region: a.region ?? null,
    postal_code: postal,
    country: a.country ?? null,
  };
};

/** The address fields passed on when revealed (a whitelist, still). */
export const plainStoreAddress = (address: unknown): unknown => {
  if (address === null || typeof address !== 'object') return address ?? null;
  const a = address as Record<string, unknown>;
  return { line1: a.line1 ?? null, line2: a.line2 ?? null, city: a.city ?? null, region: a.region ?? null, postal_code: a.postal_code ?? null, country: a.country ?? null };
};

const lastFour = (s: string): string => s.replace(/[^A-Za-z0-9]/g, '').slice(-4);

/**
 * The payment's masked_reference: the last four characters of the payment reference, or of the
 * card number when there is no reference. A full card number is never an output, revealed or not.
 */
export const maskedPaymentReference = (payment: Record<string, unknown>, reveal: boolean): string | null => {
  if (typeof payment.reference === 'string' && payment.reference !== '') return reveal ? payment.reference : `****${lastFour(payment.reference)}`;
  const card = [payment.card_number, payment.cardNumber].find((v): v is string => typeof v === 'string' && v !== '');
  return card ? `****${lastFour(card)}` : null;
};
