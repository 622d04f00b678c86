const SMALL: readonly string[] = Array.from({ length: 1_000 }, (_, i) => String(i));

/** A count as cell text; counts below 1,000 come from a table (no new string per cell). */
export const countText = (n: number): string => SMALL[n] ?? String(n);
