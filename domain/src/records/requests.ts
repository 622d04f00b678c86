import * as t from 'io-ts';
import { NonEmptyString } from '../config/refinements';
import { strictObject } from '../shared/strict';

/** A JSON object (not an array, not null). */
const JsonObjectBody = new t.Type<Record<string, unknown>, unknown, unknown>(
  'JsonObjectBody',
  (u): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u),
  (u, c) => (u === undefined ? t.failure(u, c) : typeof u === 'object' && u !== null && !Array.isArray(u) ? t.success(u as Record<string, unknown>) : t.failure(u, c, 'must be a JSON object')),
  t.identity,
);

/** Any JSON value but null (a missing or null idValue identifies nothing). */
const IdValueCodec = new t.Type<unknown, unknown, unknown>(
  'IdValueCodec',
  (u): u is unknown => u !== undefined && u !== null,
  (u, c) => (u === undefined || u === null ? t.failure(u, c, 'is required') : t.success(u)),
  t.identity,
);

/** docs/api/records-and-actions.md (Insert) body. */
export const InsertRecordRequest = strictObject('InsertRecordRequest', { objectId: NonEmptyString, data: JsonObjectBody }, {});
export type InsertRecordRequest = t.TypeOf<typeof InsertRecordRequest>;

/** docs/api/records-and-actions.md (Upsert) body. */
export const UpsertRecordRequest = strictObject('UpsertRecordRequest', { objectId: NonEmptyString, idField: NonEmptyString, idValue: IdValueCodec, data: JsonObjectBody }, {});
export type UpsertRecordRequest = t.TypeOf<typeof UpsertRecordRequest>;
