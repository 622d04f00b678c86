/** An error answer keeps at most this many items of a list ... */
export const MAX_PROBLEM_ITEMS = 10;
/** ... and this many characters of a text. */
export const MAX_PROBLEM_TEXT = 2_000;
const MAX_NESTING = 6;

const cutText = (s: string): string =>
  s.length <= MAX_PROBLEM_TEXT ? s : `${s.slice(0, MAX_PROBLEM_TEXT)}… (${s.length - MAX_PROBLEM_TEXT} more characters)`;

const compactValue = (value: unknown, depth: number): unknown => {
  if (typeof value === 'string') return cutText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_NESTING) return '…';
  if (Array.isArray(value)) return value.slice(0, MAX_PROBLEM_ITEMS).map((v) => compactValue(v, depth + 1));
  return compactObject(value as Record<string, unknown>, depth);
};

const compactObject = (body: Readonly<Record<string, unknown>>, depth: number): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  const omitted: Record<string, number> = {};
  for (const [key, value] of Object.entries(body)) {
    out[key] = compactValue(value, depth + 1);
    if (Array.isArray(value) && value.length > MAX_PROBLEM_ITEMS) omitted[key] = value.length - MAX_PROBLEM_ITEMS;
  }
  if (Object.keys(omitted).length > 0) out.omitted = { ...(typeof out.omitted === 'object' ? out.omitted : {}), ...omitted };
  return out;
};

/**
 * The last guard on the size of an error answer, whatever a route put in it: lists keep their
 * first MAX_PROBLEM_ITEMS items (`omitted` says how many of each list were left out) and texts
 * their first MAX_PROBLEM_TEXT characters. Routes word their own messages to stay short; this
 * only makes sure that no request can make an error answer large.
 */
export const compactProblemBody = (body: Readonly<Record<string, unknown>>): Record<string, unknown> => compactObject(body, 0);
