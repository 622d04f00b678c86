/** Value at a dotted path ("address.city") of an object, or undefined. */
export const valueAtPath = (root: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);

/** A value counts as present when it is not undefined, null or an empty string. */
export const isPresent = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** How values are compared with transitions and possibleValues: as strings. */
export const asComparable = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));
