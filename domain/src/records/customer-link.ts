import * as E from 'fp-ts/Either';
import { Resource } from '../config/account-config';
import { ContactKey, normalizeEmail, normalizePhone } from '../customers/contact';
import { RecordData } from './events';

/**
 * The contact that links a record to a customer: the value of the resource's customerIdFrom
 * field, read as a phone number or email (a phone or email field is already normalized; a text
 * field is read as an email when it holds @, otherwise as a phone number). null: no link.
 */
export const customerContactOf = (resource: Resource, data: RecordData, defaultPhoneCountry?: string): ContactKey | null => {
  const key = resource.customerIdFrom;
  if (key === undefined) return null;
  const value = data[key];
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value);
  const type = resource.fields.find((f) => f.key === key)?.type;
  const asEmail = (): ContactKey | null => {
    const r = normalizeEmail(text);
    return E.isRight(r) ? { kind: 'email', value: r.right } : null;
  };
  const asPhone = (): ContactKey | null => {
    const r = normalizePhone(text, defaultPhoneCountry);
    return E.isRight(r) ? { kind: 'phone', value: r.right } : null;
  };
  if (type === 'email') return asEmail();
  if (type === 'phone') return asPhone();
  return text.includes('@') ? asEmail() : asPhone();
};

/** Whether data holds the customerIdFrom field (an upsert without it keeps the record's link). */
export const suppliesCustomerContact = (resource: Resource, data: RecordData): boolean =>
  resource.customerIdFrom !== undefined && Object.prototype.hasOwnProperty.call(data, resource.customerIdFrom);
