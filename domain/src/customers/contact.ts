import { createHash } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

export type PhoneE164 = string & { readonly __brand: 'PhoneE164' };
export type NormalizedEmail = string & { readonly __brand: 'NormalizedEmail' };

/**
 * Phone numbers whose reading is remembered, in two generations of at most REMEMBERED_PHONES / 2:
 * when this one is full it becomes the one before, and the one before is forgotten at once (a Map
 * whose oldest entry is deleted one at a time slows down with every deletion). A reading of the one
 * before that is read again moves to this one.
 */
const REMEMBERED_PHONES = 10_000;
let phoneReadings = new Map<string, E.Either<string, PhoneE164>>();
let earlierReadings = new Map<string, E.Either<string, PhoneE164>>();
const rememberReading = (key: string, reading: E.Either<string, PhoneE164>): void => {
  if (phoneReadings.size >= REMEMBERED_PHONES / 2) {
    earlierReadings = phoneReadings;
    phoneReadings = new Map();
  }
  phoneReadings.set(key, reading);
};

/**
 * A phone number in E.164. Numbers without a leading + are read in the account's country
 * (`defaultPhoneCountry`) when configured; otherwise as an international number without its +.
 * Readings are remembered: validating against the full metadata is costly next to a map lookup, and
 * a support desk meets the same customers' numbers again and again (their tickets, lookups by phone).
 */
export const normalizePhone = (raw: string, defaultCountry?: string): E.Either<string, PhoneE164> => {
  const key = `${defaultCountry ?? ''}\u0000${raw}`;
  const known = phoneReadings.get(key);
  if (known !== undefined) return known;
  const earlier = earlierReadings.get(key);
  const reading = earlier ?? readPhone(raw, defaultCountry);
  rememberReading(key, reading);
  return reading;
};

const readPhone = (raw: string, defaultCountry?: string): E.Either<string, PhoneE164> => {
  const text = raw.trim();
  if (text === '') return E.left('is empty');
  const attempt = (s: string, country?: string) => {
    const parsed = parsePhoneNumberFromString(s, country as CountryCode | undefined);
    return parsed && parsed.isValid() ? (parsed.number as PhoneE164) : null;
  };
  const international = text.startsWith('+') || text.startsWith('00');
  const found = international
    ? attempt(text.startsWith('00') ? `+${text.slice(2)}` : text)
    : (defaultCountry ? attempt(text, defaultCountry) : null) ?? attempt(`+${text.replace(/^\D+/, '')}`);
  return found ? E.right(found) : E.left('is not a valid phone number (send it in international format, e.g. +14155550123)');
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Emails are trimmed and compared case-insensitively. */
export const normalizeEmail = (raw: string): E.Either<string, NormalizedEmail> => {
  const text = raw.trim().toLowerCase();
  return EMAIL.test(text) ? E.right(text as NormalizedEmail) : E.left('is not a valid email address');
};

export type ContactKey = { readonly kind: 'phone'; readonly value: PhoneE164 } | { readonly kind: 'email'; readonly value: NormalizedEmail };

/**
 * The uniqueness stream of one contact of one account (architecture property 3): its first event
 * names the customer who owns the contact. The contact is hashed so that no phone number or email
 * appears in stream names (which end up in logs and admin tools).
 */
export const customerKeyStream = (accountId: string, key: ContactKey): string =>
  `customer_key-${createHash('sha256').update(`${accountId}\u0000${key.kind}\u0000${key.value}`).digest('hex').slice(0, 40)}`;

export const CUSTOMER_KEY_STREAM_PREFIX = 'customer_key-';
export const CUSTOMER_STREAM_PREFIX = 'customer-';
export const customerStream = (customerId: string): string => `${CUSTOMER_STREAM_PREFIX}${customerId}`;
