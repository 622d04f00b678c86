import { createHash } from 'node:crypto';
import { canonicalJson } from '../fields/canonical-value';
import { DomainEvent } from '../shared/decider';

/**
 * Lookup keys of record values. Field names vary per resource, so the read model does not index
 * `data.<field>`; it keeps one array of "field=value" keys per record (a multikey index on
 * accountId, objectId, lookupKeys answers "records of this resource holding this value in this
 * field" in one seek). Long values are hashed so index entries stay small.
 */
export const MAX_PLAIN_KEY_LENGTH = 200;

const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

export const lookupKey = (field: string, value: unknown): string => {
  const plain = `${field}=${canonicalJson(value)}`;
  return plain.length <= MAX_PLAIN_KEY_LENGTH ? plain : `${field}#${sha256(canonicalJson(value))}`;
};

/** The keys of every field holding a value (null and absent values are not looked up). */
export const lookupKeysOf = (data: Readonly<Record<string, unknown>>): string[] =>
  Object.entries(data)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([field, v]) => lookupKey(field, v))
    .sort();

const RECORD_KEY_STREAM_PREFIX = 'record_key-';

/**
 * The uniqueness stream of one identifier value of one resource (upsert by idField): its last
 * event names the record that holds the value. Appending with the revision read (or 'no_stream')
 * makes concurrent upserts of one new value agree on one record. The value is hashed so that no
 * phone number or email appears in stream names.
 */
export const recordKeyStream = (accountId: string, objectId: string, field: string, value: unknown): string =>
  `${RECORD_KEY_STREAM_PREFIX}${sha256(`${accountId}\u0000${objectId}\u0000${field}\u0000${canonicalJson(value)}`).slice(0, 40)}`;

export type RecordKeyClaimed = DomainEvent<'RecordKeyClaimed', {
  readonly recordId: string;
  readonly accountId: string;
  readonly objectId: string;
  readonly field: string;
}>;
