/**
 * What never reaches a log line, declared in one place. Every log entry passes through here
 * (the pino logger's formatters and message hook): fields are redacted by their key, and every
 * string left, the message included, has emails, phone numbers and Bearer credentials cut out.
 */

export const REDACTED = '[redacted]';

/** Keys whose values are secrets (matched case-insensitively). `tokenId` (an id, not a token) is kept. */
const SECRET_KEYS = [/token$/i, /secret/i, /password/i, /passwd/i, /api[-_]?key/i, /authorization/i, /cookie/i, /credential/i, /signature/i, /connectionstring/i];

/** Keys whose values are personal data or message and request bodies. */
const PERSONAL_KEYS = [/phone/i, /e-?mail/i, /^to$/i, /^from$/i, /^body$/i, /^text$/i, /^query$/i, /^subject$/i, /^payload$/i, /^customername$/i, /^parameters$/i, /^inputs$/i, /^data$/i];

/** Patterns cut out of any string: credentials, emails, phone numbers (E.164, or 10+ digits with separators). */
const TEXT_PATTERNS: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/=]+/gi, `$1 ${REDACTED}`],
  [/[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g, '[email]'],
  [/(?<![\w-])\+\d(?:[\s().-]{0,2}\d){6,14}(?![\w-])/g, '[phone]'],
  [/(?<![\w+-])\d(?:[\s().-]{0,2}\d){9,14}(?![\w-])/g, '[phone]'],
];

const MAX_DEPTH = 8;

const isRedactedKey = (key: string): boolean => SECRET_KEYS.some((r) => r.test(key)) || PERSONAL_KEYS.some((r) => r.test(key));

/** A string with emails, phone numbers and credentials replaced. */
export const redactText = (text: string): string => TEXT_PATTERNS.reduce((s, [pattern, replacement]) => s.replace(pattern, replacement), text);

/** A copy of a value with redacted keys replaced and every string scrubbed, at any depth. */
const redactValue = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return { errorName: value.name, errorMessage: redactText(value.message) };
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = isRedactedKey(key) && v !== undefined && v !== null ? REDACTED : redactValue(v, depth + 1);
  return out;
};

/** The fields of one log entry, redacted. */
export const redactFields = (fields: Record<string, unknown>): Record<string, unknown> => redactValue(fields) as Record<string, unknown>;
