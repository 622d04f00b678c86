import * as E from 'fp-ts/Either';
import { DateTime } from 'luxon';
import { FieldType } from '../config/account-config';
import { normalizeEmail, normalizePhone } from '../customers/contact';

/**
 * The one converter of the ten configured field types, shared by resource records (docs/api/records-and-actions.md, Insert,
 * 4.8) and execute-action inputs (docs/api/records-and-actions.md, execute action). It turns a JSON value into the canonical value
 * of its type, so two values that mean the same thing are stored (and matched) the same way.
 */

export interface FieldConversionOptions {
  /** Country for phone numbers sent without +country code (the account's defaultPhoneCountry). */
  readonly defaultPhoneCountry?: string;
}

/** Why a value is not of its type: what was expected, worded for the caller. */
interface FieldConversionProblem {
  readonly type: FieldType;
  readonly expected: string;
}

/** What each type accepts, as said in error messages. */
const FIELD_TYPE_EXPECTED: Readonly<Record<FieldType, string>> = {
  string: 'a string',
  integer: 'an integer (a whole number such as 42, or a string of digits)',
  number: 'a number (such as 19.99, or a numeric string)',
  boolean: 'a boolean (true or false, or "true"/"false")',
  datetime: 'a datetime (ISO 8601, such as 2026-03-01T10:00:00Z)',
  date: 'a date (YYYY-MM-DD)',
  phone: 'a phone number (international format, such as +14155550123)',
  email: 'an email address',
  array: 'an array',
  object: 'a JSON object',
};

const fail = (type: FieldType): E.Either<FieldConversionProblem, never> => E.left({ type, expected: FIELD_TYPE_EXPECTED[type] });

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const INTEGER_TEXT = /^[+-]?\d+$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

const toInteger = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v === 'string' && INTEGER_TEXT.test(v.trim())) {
    const n = Number(v.trim());
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
};

const toNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && NUMBER_TEXT.test(v.trim())) {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
};

const toBoolean = (v: unknown): boolean | null => {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === '1') return true;
    if (s === 'false' || s === '0') return false;
  }
  return null;
};

/** ISO 8601 with or without an offset (none means UTC), as UTC with milliseconds. */
const toDatetime = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const parsed = DateTime.fromISO(v.trim(), { zone: 'utc' });
  return parsed.isValid ? parsed.toUTC().toISO() : null;
};

/** A calendar date that exists (2026-02-30 does not). */
const toDate = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const m = DATE_TEXT.exec(v.trim());
  if (!m) return null;
  const parsed = DateTime.fromObject({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, { zone: 'utc' });
  return parsed.isValid ? v.trim() : null;
};

const toText = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'boolean' ? String(v) : null;

/**
 * Converts one value to its field type: strings stay as sent (numbers and booleans become their
 * text); integers and numbers also from numeric strings; booleans also from "true"/"false"/1/0;
 * datetimes to UTC ISO 8601; dates stay YYYY-MM-DD; phones to E.164; emails trimmed and lower
 * case; arrays and objects as they are. `null` is not converted here (callers decide what it means).
 */
export const convertFieldValue = (type: FieldType, value: unknown, options: FieldConversionOptions = {}): E.Either<FieldConversionProblem, unknown> => {
  const orFail = <A>(converted: A | null): E.Either<FieldConversionProblem, unknown> => (converted === null ? fail(type) : E.right(converted));
  switch (type) {
    case 'string':
      return orFail(toText(value));
    case 'integer':
      return orFail(toInteger(value));
    case 'number':
      return orFail(toNumber(value));
    case 'boolean':
      return orFail(toBoolean(value));
    case 'datetime':
      return orFail(toDatetime(value));
    case 'date':
      return orFail(toDate(value));
    case 'phone': {
      const text = typeof value === 'string' ? value : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : null;
      return text === null ? fail(type) : orFail(E.getOrElseW(() => null)(normalizePhone(text, options.defaultPhoneCountry)));
    }
    case 'email':
      return typeof value === 'string' ? orFail(E.getOrElseW(() => null)(normalizeEmail(value))) : fail(type);
    case 'array':
      return Array.isArray(value) ? E.right(value) : fail(type);
    case 'object':
      return isPlainObject(value) ? E.right(value) : fail(type);
  }
};
