/** Payload keys that never go to Additional Data (docs/api/exports.md, The file): they have columns of their own. */
const PAYLOAD_KEYS_WITH_COLUMNS: readonly string[] = ['summary', 'emailClient'];

/** The payload (a JSON document serialized as a string) as an object, or null when absent, not JSON or not an object. */
export const payloadObject = (payload: unknown): Record<string, unknown> | null => {
  if (typeof payload !== 'string' || payload === '') return null;
  try {
    const parsed: unknown = JSON.parse(payload);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** A value as one cell: text as is, numbers and booleans as written, objects and arrays as JSON. */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

/**
 * Additional Data: a JSON object of the payload keys that are not task objectives (the export's
 * Objective columns), summary or emailClient. Blank when nothing is left.
 */
export const additionalData = (payload: Record<string, unknown> | null, objectiveParams: ReadonlySet<string>): string => {
  if (payload === null) return '';
  let rest: Record<string, unknown> | null = null;
  for (const key of Object.keys(payload)) {
    if (objectiveParams.has(key) || PAYLOAD_KEYS_WITH_COLUMNS.includes(key)) continue;
    (rest ??= {})[key] = payload[key];
  }
  return rest === null ? '' : JSON.stringify(rest);
};
