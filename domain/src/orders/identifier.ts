import * as E from 'fp-ts/Either';
import { normalizeEmail, normalizePhone, NormalizedEmail, PhoneE164 } from '../customers/contact';
import { CustomerIdentifier, OrderLookupError } from '../ports/order-lookup';

/** A customer identifier the store system is asked with: normalized, exactly one of phone or email. */
export type StoreIdentifier = { readonly kind: 'phone'; readonly value: PhoneE164 } | { readonly kind: 'email'; readonly value: NormalizedEmail };

const present = (s: string | undefined): s is string => typeof s === 'string' && s.trim() !== '';

/**
 * The identifiers to ask the store with, in order: phone first, then email. A phone is read in
 * E.164, numbers without + in the account's country (defaultPhoneCountry); an email is trimmed and
 * lower-cased (the store compares case-insensitively). An identifier that does not normalize is
 * left out; when none is usable the lookup is refused with invalidIdentifier naming the problem.
 */
export const normalizeIdentifiers = (who: CustomerIdentifier, defaultPhoneCountry?: string): E.Either<OrderLookupError, readonly StoreIdentifier[]> => {
  if (!present(who.phone) && !present(who.email)) return E.left({ kind: 'invalidIdentifier', message: 'phone or email is required' });
  const found: StoreIdentifier[] = [];
  const problems: string[] = [];
  if (present(who.phone)) {
    const phone = normalizePhone(who.phone, defaultPhoneCountry);
    if (E.isRight(phone)) found.push({ kind: 'phone', value: phone.right });
    else problems.push(`phone ${phone.left}`);
  }
  if (present(who.email)) {
    const email = normalizeEmail(who.email);
    if (E.isRight(email)) found.push({ kind: 'email', value: email.right });
    else problems.push(`email ${email.left}`);
  }
  return found.length > 0 ? E.right(found) : E.left({ kind: 'invalidIdentifier', message: problems.join('; ') });
};

