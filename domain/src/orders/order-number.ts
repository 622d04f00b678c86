/**
 * The order a ticket names (its orderName) is the order whose order_number is the same after
 * trimming whitespace and one leading '#' on either side ("#1001" and "1001" are the same order
 * number: stores show a '#' that customers often leave out, or add). Otherwise the comparison is
 * exact, case and all: no fuzzy matching, so no confirmation step is needed (docs/api/orders.md).
 */
const canonicalOrderNumber = (s: string): string => s.trim().replace(/^#\s*/, '');

export const sameOrderNumber = (orderName: string, orderNumber: string | null | undefined): boolean => {
  if (typeof orderNumber !== 'string') return false;
  const wanted = canonicalOrderNumber(orderName);
  return wanted !== '' && wanted === canonicalOrderNumber(orderNumber);
};
