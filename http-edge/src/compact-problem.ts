/** An error answer keeps at most this many items of a list ... */
export const MAX_PROBLEM_ITEMS = 10;
/** ... texts of at most this many characters ... */
export const MAX_PROBLEM_TEXT = 2_000;
/** ... and is at most this many bytes of JSON: texts are cut shorter until it fits. */
export const MAX_PROBLEM_BYTES = 4_096;
/** Text lengths tried in turn when the answer is still over MAX_PROBLEM_BYTES. */
const SHORTER_TEXTS = [MAX_PROBLEM_TEXT, 500, 200, 60];
const MAX_NESTING = 6;

/** The first `max` UTF-16 units, one fewer when the cut would split a surrogate pair. */
const cutText = (s: string, max: number): string => {
  if (s.length <= max) return s;
  const end = /[\uD800-\uDBFF]/.test(s[max - 1]) ? max - 1 : max;
  return `${s.slice(0, end)}… (${s.length - end} more characters)`;
};

const compactValue = (value: unknown, depth: number, maxText: number): unknown => {
  if (typeof value === 'string') return cutText(value, maxText);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_NESTING) return '…';
  if (Array.isArray(value)) return value.slice(0, MAX_PROBLEM_ITEMS).map((v) => compactValue(v, depth + 1, maxText));
  return compactObject(value as Record<string, unknown>, depth, maxText);
};

const compactObject = (body: Readonly<Record<string, unknown>>, depth: number, maxText: number): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  const omitted: Record<string, number> = {};
  for (const [key, value] of Object.entries(body)) {
    out[key] = compactValue(value, depth + 1, maxText);
    if (Array.isArray(value) && value.length > MAX_PROBLEM_ITEMS) omitted[key] = value.length - MAX_PROBLEM_ITEMS;
  }
  if (Object.keys(omitted).length > 0) out.omitted = { ...(typeof out.omitted === 'object' ? out.omitted : {}), ...omitted };
  return out;
};

/**
 * The last guard on the size of an error answer, whatever a route put in it (a message quoting
 * a huge value the client sent, a list of ten thousand problems): lists keep their first
 * MAX_PROBLEM_ITEMS items (`omitted` says how many of each list were left out), texts their first
 * MAX_PROBLEM_TEXT characters, cut shorter until the answer is at most MAX_PROBLEM_BYTES.
 * Routes word their own messages to stay short; this only makes sure no request can make an error
 * answer large.
 */
export const compactProblemBody = (body: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  let out: Record<string, unknown> = {};
  for (const maxText of SHORTER_TEXTS) {
    out = compactObject(body, 0, maxText);
    if (Buffer.byteLength(JSON.stringify(out)) <= MAX_PROBLEM_BYTES) return out;
  }
  return out;
};
