import type { Document, Filter, Update, UpdateResult } from '@support/domain';
import { applyUpdate, checkUpdate } from './apply-update';
import { compareBson } from './bson-order';
import { cloneValue } from './clone-value';
import type { DocumentTable } from './document-table';
import { matchingDocuments } from './find-documents';
import { matcherOf, soleId } from './filter-matcher';
import { applyTopLevelSet, topLevelSetOf } from './top-level-set';
import { badValue, failedToParse, immutableId } from './store-operation-error';
import { equalityFieldsOf, newDocumentId } from './upsert-seed';

/** The `_id` a filter pins (`{ _id: "x", ... }` or `{ $and: [{ _id: "x" }, ...] }`), or undefined. */
function pinnedId(filter: Filter): string | undefined {
  if (typeof filter._id === 'string') return filter._id;
  const all = filter.$and;
  if (!Array.isArray(all)) return undefined;
  for (const part of all) if (typeof part === 'object' && part !== null && typeof (part as Filter)._id === 'string') return (part as Filter)._id as string;
  return undefined;
}

/**
 * The first match. A filter that pins an `_id` (every projector write: the document's id and the
 * position guard) is a direct lookup, then the whole filter is tested on that one document.
 */
function firstMatch(table: DocumentTable, filter: Filter): Document | undefined {
  const id = pinnedId(filter);
  if (id !== undefined) {
    const doc = table.byId.get(id);
    if (doc === undefined) return undefined;
    return soleId(filter) !== undefined || matcherOf(filter)(doc) ? doc : undefined;
  }
  return matchingDocuments(table, filter, { need: 1 }).next().value ?? undefined;
}

const allMatches = (table: DocumentTable, filter: Filter): Document[] => [...matchingDocuments(table, filter, { need: Number.POSITIVE_INFINITY })];

const result = (matchedCount: number, modifiedCount: number, upsertedId: string | null = null): UpdateResult => ({ matchedCount, modifiedCount, upsertedId });

function stringId(id: unknown): string {
  if (typeof id !== 'string') throw badValue('_id must be a string');
  return id;
}

/** Stores `next` if it differs from `previous`; true when it did. */
function store(table: DocumentTable, previous: Document, next: Document): boolean {
  if (compareBson(previous, next) === 0) return false;
  table.replace(previous, next);
  return true;
}

export function updateFirst(table: DocumentTable, filter: Filter, update: Update, upsert: boolean): UpdateResult {
  checkUpdate(update);
  const found = firstMatch(table, filter);
  if (found !== undefined) {
    const set = topLevelSetOf(update);
    if (set === undefined) return result(1, store(table, found, applyUpdate(found, update, filter, false)) ? 1 : 0);
    const { changed, next } = applyTopLevelSet(found, set);
    if (changed.length > 0) table.replace(found, next, changed);
    return result(1, changed.length > 0 ? 1 : 0);
  }
  if (!upsert) return result(0, 0);
  return result(0, 0, insertUpserted(table, filter, update));
}

/** MongoDB's upsert: the filter's equality fields, then the update with $setOnInsert. */
function insertUpserted(table: DocumentTable, filter: Filter, update: Update): string {
  const { _id: filterId, ...fields } = equalityFieldsOf(filter);
  const plainSet = topLevelSetOf(update);
  if (plainSet !== undefined) {
    const id = stringId(filterId ?? newDocumentId());
    table.insert(applyTopLevelSet({ _id: id, ...fields }, plainSet).next);
    return id;
  }
  const onInsert = update.$setOnInsert as Record<string, unknown> | undefined;
  const set = update.$set as Record<string, unknown> | undefined;
  const id = stringId(filterId ?? onInsert?._id ?? set?._id ?? newDocumentId());
  const doc = applyUpdate({ _id: id, ...fields }, update, filter, true);
  table.insert(doc);
  return id;
}

export function updateAll(table: DocumentTable, filter: Filter, update: Update): UpdateResult {
  checkUpdate(update);
  const found = allMatches(table, filter);
  let modified = 0;
  for (const doc of found) if (store(table, doc, applyUpdate(doc, update, filter, false))) modified++;
  return result(found.length, modified);
}

export function checkReplacement(replacement: Document): void {
  if (Object.keys(replacement).some((k) => k.startsWith('$'))) throw failedToParse('Replacement document must not contain atomic operators');
}

export function replaceFirst(table: DocumentTable, filter: Filter, replacement: Document, upsert: boolean): UpdateResult {
  checkReplacement(replacement);
  const { _id: givenId, ...fields } = cloneValue(replacement) as Record<string, unknown>;
  const found = firstMatch(table, filter);
  if (found !== undefined) {
    if (givenId !== undefined && compareBson(givenId, found._id) !== 0) throw immutableId('_id');
    return result(1, store(table, found, { _id: found._id, ...fields }) ? 1 : 0);
  }
  if (!upsert) return result(0, 0);
  const filterId = equalityFieldsOf(filter)._id;
  if (givenId !== undefined && filterId !== undefined && compareBson(givenId, filterId) !== 0) throw immutableId('_id');
  const id = stringId(givenId ?? filterId ?? newDocumentId());
  table.insert({ _id: id, ...fields });
  return result(0, 0, id);
}

export function deleteFirst(table: DocumentTable, filter: Filter): number {
  const found = firstMatch(table, filter);
  if (found === undefined) return 0;
  table.delete(found);
  return 1;
}

export function deleteAll(table: DocumentTable, filter: Filter): number {
  const found = allMatches(table, filter);
  for (const doc of found) table.delete(doc);
  return found.length;
}
