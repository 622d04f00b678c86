/** Query parameters as a codec reads them: the digits of the named numeric ones as numbers (a query string holds only text). */
export const withQueryNumbers = (query: Readonly<Record<string, unknown>>, numeric: ReadonlySet<string>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, numeric.has(k) && typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]));
