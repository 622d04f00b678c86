import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  compareByCriteria,
  DocumentQuery,
  DocumentWrite,
  FieldMatch,
  matchesCriteria,
  Position,
  ProjectionBatch,
  ReadDocument,
  ReadModels,
  ReadModelShape,
  TicketCriteria,
  ticketCriteria,
  TicketDocument,
  TicketFilters,
  TicketQueryScope,
} from '@support/domain';
import { aTicket } from '../tickets/list/ticket-documents';
import { bulkUpdatesSection } from './bulk-updates-read-model.contract';
import { guaranteesSection } from './read-models-guarantees.contract';
import { ticketMergeSection } from './ticket-merge.contract';
import type { ReadModelsEngine } from './read-models-engine';

export type { ReadModelsEngine } from './read-models-engine';

/**
 * The tickets collection as the tickets projection will declare it, for tests until the projection
 * exports its own shape.
 */
const TICKETS_SHAPE_FOR_TESTS: ReadModelShape = {
  name: 'tickets',
  version: 1,
  collections: {
    tickets: {
      fields: [
        'accountId', 'status', 'createdAt', 'updatedAt', 'resolvedAt', 'executedAt', 'assignedAt', 'assignedToId', 'createdByUserId', 'taskId', 'taskTeamId',
        'source', 'manualSourceLabel', 'customerId', 'orderName', 'category', 'subcategory', 'sentiment', 'parentTicketId', 'ticketNumber',
        'createdPosition',
      ],
      lists: ['involvedAgentIds', 'customerPhones', 'ticketKeys'],
      search: 'searchText',
      searchScopedBy: 'accountId',
      countedBy: ['accountId', 'status'],
      countedByTime: ['createdAt', 'updatedAt', 'resolvedAt'],
      indexes: [
        { name: 'account_createdAt', fields: ['accountId', 'createdAt', '_id'] },
        { name: 'account_updatedAt', fields: ['accountId', 'updatedAt', '_id'] },
        { name: 'account_resolvedAt', fields: ['accountId', 'resolvedAt', '_id'] },
        { name: 'account_executedAt', fields: ['accountId', 'executedAt', '_id'] },
        { name: 'account_assignedAt', fields: ['accountId', 'assignedAt', '_id'] },
        { name: 'account_status_createdAt', fields: ['accountId', 'status', 'createdAt', '_id'] },
        { name: 'account_task_createdAt', fields: ['accountId', 'taskId', 'createdAt', '_id'] },
        { name: 'account_customer', fields: ['accountId', 'customerId'] },
        { name: 'account_orderName', fields: ['accountId', 'orderName'] },
        { name: 'account_phones', fields: ['accountId', 'customerPhones'] },
        { name: 'account_keys', fields: ['accountId', 'ticketKeys'] },
        { name: 'account_agents', fields: ['accountId', 'involvedAgentIds'] },
      ],
    },
  },
};

/* ------------------------------------------------------------------------------------------------ */
/* helpers                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

/** The position of the n-th event of a test (commit and prepare differ, so a swap shows). */
const at = (n: number): Position => ({ commit: BigInt(n) * 10n + 5n, prepare: BigInt(n) * 10n + 2n });

const idsOf = (docs: readonly ReadDocument[]): string[] => docs.map((d) => d._id);
const sortedIds = (docs: readonly ReadDocument[]): string[] => idsOf(docs).sort();

/** Writes each document whole (upserted) in one batch, an event each from event `from`; the checkpoint moves to the last. */
const writeDocuments = async (models: ReadModels, readModel: string, collection: string, docs: readonly ReadDocument[], from = 1): Promise<Position> => {
  const upTo = at(from + docs.length - 1);
  await models.applyBatch(readModel, upTo, async (batch) => {
    for (const [i, { _id, ...fields }] of docs.entries()) await batch.write(at(from + i), [{ collection, id: _id, set: fields, upsert: true }]);
  });
  return upTo;
};

/** One batch of one event with these writes. */
const writeOnce = (models: ReadModels, readModel: string, n: number, writes: readonly DocumentWrite[]): Promise<void> =>
  models.applyBatch(readModel, at(n), (batch) => batch.write(at(n), writes));

const drain = async <T>(stream: AsyncIterable<readonly T[]>): Promise<{ docs: T[]; batches: number }> => {
  const docs: T[] = [];
  let batches = 0;
  for await (const batch of stream) {
    expect(Array.isArray(batch), 'each item of the stream is an array of documents').to.equal(true);
    batches += 1;
    docs.push(...batch);
  }
  return { docs, batches };
};

const waitUntil = async (test: () => boolean, what: string): Promise<void> => {
  const deadline = Date.now() + 5_000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** A plain copy, as JSON stores it (no undefined fields). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/* ------------------------------------------------------------------------------------------------ */
/* documents                                                                                         */
/* ------------------------------------------------------------------------------------------------ */

/**
 * One read model, two collections holding the same documents: `notes` declares most fields (a
 * column each in SQLite, a dotted one among them, a list), `loose` declares none (read from the
 * document). `template.name`, `labels` (a list) and `score` are undeclared in both.
 */
const DOCUMENTS: ReadModelShape = {
  name: 'documents',
  version: 1,
  collections: {
    notes: {
      fields: ['kind', 'rank', 'at', 'owner', 'code', 'done', 'meta.level'],
      lists: ['tags'],
      indexes: [
        { name: 'kind_rank', fields: ['kind', 'rank', '_id'] },
        { name: 'at', fields: ['at', '_id'] },
        { name: 'tags', fields: ['tags'] },
      ],
    },
    loose: {},
  },
};

const OTHER: ReadModelShape = { name: 'other', version: 1, collections: { others: { fields: ['kind'] } } };

const DOCS: readonly ReadDocument[] = [
  { _id: 'a1', kind: 'a', rank: 3, at: '2026-01-03T00:00:00.000Z', owner: null, code: 5, done: true, tags: ['x', 'y'], labels: ['red'], template: { name: 'welcome', lang: 'en' }, meta: { level: 2 }, score: 0.5 },
  { _id: 'a2', kind: 'b', rank: 1, at: '2026-01-01T00:00:00.000Z', owner: 'u1', code: '5', done: false, tags: ['y'], labels: [], template: { name: 'bye' }, meta: { level: 1 }, score: 10 },
  { _id: 'a3', kind: 'a', rank: 2, at: '2026-01-02T00:00:00.000Z', owner: 'u2', code: 7, done: false, tags: [], meta: { level: 3 } },
  { _id: 'a4', kind: 'c', rank: 10, at: '2026-01-10T00:00:00.000Z', code: 'abc', labels: ['red', 'blue'], template: { name: 'welcome' }, score: -1 },
  { _id: 'a5', kind: 'a', rank: 2, at: null, owner: 'u1', code: null, done: true, tags: ['z', 'x'], template: { name: null }, meta: { level: null }, score: 3 },
  { _id: 'b1', kind: 'b', rank: 2, at: '2026-01-02T00:00:00.000Z', owner: 'u2', tags: ['x'], labels: ['blue'], template: { name: 'Welcome' }, score: 2.5 },
];

const FIND_CASES: readonly (readonly [string, FieldMatch, readonly string[]])[] = [
  ['nothing (every document)', {}, ['a1', 'a2', 'a3', 'a4', 'a5', 'b1']],
  ['a text value', { kind: 'a' }, ['a1', 'a3', 'a5']],
  ['two values at once', { kind: 'a', rank: 2 }, ['a3', 'a5']],
  ['a number', { rank: 2 }, ['a3', 'a5', 'b1']],
  ['a number, not the same digits as text', { code: 5 }, ['a1']],
  ['text, not the same digits as a number', { code: '5' }, ['a2']],
  ['true', { done: true }, ['a1', 'a5']],
  ['false (a missing field is not false)', { done: false }, ['a2', 'a3']],
  ['the id', { _id: 'a3' }, ['a3']],
  ['a value a declared list holds', { tags: 'x' }, ['a1', 'a5', 'b1']],
  ['a value a declared list holds and another field', { tags: 'y', kind: 'b' }, ['a2']],
  ['a value an undeclared list holds', { labels: 'red' }, ['a1', 'a4']],
  ['a dotted path of an undeclared field (case-sensitive)', { 'template.name': 'welcome' }, ['a1', 'a4']],
  ['a declared dotted path', { 'meta.level': 3 }, ['a3']],
  ['null: null or missing', { owner: null }, ['a1', 'a4']],
  ['null on a dotted path: the field null, or missing, or its object missing', { 'template.name': null }, ['a3', 'a5']],
  ['null on a declared dotted path', { 'meta.level': null }, ['a4', 'a5', 'b1']],
  ['null on a declared text field', { at: null }, ['a5']],
  ['null on an undeclared number field', { score: null }, ['a3']],
  ['null on a field that holds different types', { code: null }, ['a5', 'b1']],
  ['a value no document has', { kind: 'zzz' }, []],
  ['ne a value: also null and missing', { owner: { ne: 'u1' } }, ['a1', 'a3', 'a4', 'b1']],
  ['ne null: present and not null', { owner: { ne: null } }, ['a2', 'a3', 'a5', 'b1']],
  ['ne on an undeclared dotted path', { 'template.name': { ne: 'welcome' } }, ['a2', 'a3', 'a5', 'b1']],
  ['ne on a declared list: no value equals it (empty and missing lists too)', { tags: { ne: 'x' } }, ['a2', 'a3', 'a4']],
  ['ne on an undeclared list', { labels: { ne: 'red' } }, ['a2', 'a3', 'a5', 'b1']],
  ['ne a number: text of its digits is not equal', { code: { ne: 5 } }, ['a2', 'a3', 'a4', 'a5', 'b1']],
  ['ne the id', { _id: { ne: 'a1' } }, ['a2', 'a3', 'a4', 'a5', 'b1']],
  ['ne and a range', { kind: { ne: 'a' }, rank: { gte: 2 } }, ['a4', 'b1']],
  ['gt and lt on numbers', { rank: { gt: 1, lt: 10 } }, ['a1', 'a3', 'a5', 'b1']],
  ['gte on numbers', { rank: { gte: 3 } }, ['a1', 'a4']],
  ['lte on numbers', { rank: { lte: 1 } }, ['a2']],
  ['gte and lt on ISO timestamps (null outside)', { at: { gte: '2026-01-02T00:00:00.000Z', lt: '2026-01-10T00:00:00.000Z' } }, ['a1', 'a3', 'b1']],
  ['gt on text', { at: { gt: '2026-01-02T00:00:00.000Z' } }, ['a1', 'a4']],
  ['lte on text', { at: { lte: '2026-01-01T00:00:00.000Z' } }, ['a2']],
  ['a number bound: numbers only', { code: { gte: 5 } }, ['a1', 'a3']],
  ['a text bound: text only', { code: { gte: '0' } }, ['a2', 'a4']],
  ['lt on text', { code: { lt: 'b' } }, ['a2', 'a4']],
  ['a text bound on a number field matches nothing', { rank: { gte: '0' } }, []],
  ['a number bound on a text field matches nothing', { at: { gte: 0 } }, []],
  ['a range on a declared dotted path', { 'meta.level': { gte: 2 } }, ['a1', 'a3']],
  ['gt on an undeclared number field', { score: { gt: 0 } }, ['a1', 'a2', 'a5', 'b1']],
  ['lt on an undeclared number field', { score: { lt: 0 } }, ['a4']],
  ['a range on an undeclared dotted path (binary order: upper case first)', { 'template.name': { gte: 'a', lt: 'c' } }, ['a2']],
  ['a range on a declared list: some value in it', { tags: { gte: 'y' } }, ['a1', 'a2', 'a5']],
  ['a range on an undeclared list', { labels: { lt: 'c' } }, ['a4', 'b1']],
  ['a range on the id', { _id: { gte: 'a3', lt: 'b' } }, ['a3', 'a4', 'a5']],
  ['a value, a range and a list value together', { kind: 'a', at: { gte: '2026-01-01T00:00:00.000Z' }, tags: 'x' }, ['a1']],
];

const SORT_CASES: readonly (readonly [string, DocumentQuery, readonly string[]])[] = [
  ['no sort: by id', { where: {} }, ['a1', 'a2', 'a3', 'a4', 'a5', 'b1']],
  ['a number ascending, ties by id ascending', { where: {}, sort: { rank: 1 } }, ['a2', 'a3', 'a5', 'b1', 'a1', 'a4']],
  ['a number descending, ties by id in the same direction', { where: {}, sort: { rank: -1 } }, ['a4', 'a1', 'b1', 'a5', 'a3', 'a2']],
  ['a number descending with the id ascending', { where: {}, sort: { rank: -1, _id: 1 } }, ['a4', 'a1', 'a3', 'a5', 'b1', 'a2']],
  ['a timestamp ascending: null first', { where: {}, sort: { at: 1 } }, ['a5', 'a2', 'a3', 'b1', 'a1', 'a4']],
  ['a timestamp descending: null last', { where: {}, sort: { at: -1 } }, ['a4', 'a1', 'b1', 'a3', 'a2', 'a5']],
  ['two keys, the second descending (ties by id descending)', { where: {}, sort: { kind: 1, rank: -1 } }, ['a1', 'a5', 'a3', 'b1', 'a2', 'a4']],
  ['an undeclared dotted path: null and missing first, then binary text order', { where: {}, sort: { 'template.name': 1, _id: 1 } }, ['a3', 'a5', 'b1', 'a2', 'a1', 'a4']],
  ['an undeclared number descending: missing last', { where: {}, sort: { score: -1 } }, ['a2', 'a5', 'b1', 'a1', 'a4', 'a3']],
  ['a declared dotted path: null and missing first', { where: {}, sort: { 'meta.level': 1 } }, ['a4', 'a5', 'b1', 'a2', 'a1', 'a3']],
  ['skip 1, limit 3', { where: {}, sort: { at: 1 }, skip: 1, limit: 3 }, ['a2', 'a3', 'b1']],
  ['skip 4 without a limit', { where: {}, sort: { at: 1 }, skip: 4 }, ['a1', 'a4']],
  ['limit 2', { where: {}, sort: { at: 1 }, limit: 2 }, ['a5', 'a2']],
  ['skip past the end', { where: {}, sort: { at: 1 }, skip: 10, limit: 5 }, []],
  ['a filter, a sort, skip and limit', { where: { kind: 'a' }, sort: { rank: 1 }, skip: 1, limit: 1 }, ['a5']],
];

const COUNT_CASES: readonly (readonly [FieldMatch, number])[] = [
  [{}, 6],
  [{ kind: 'a' }, 3],
  [{ tags: 'x' }, 3],
  [{ labels: 'red' }, 2],
  [{ 'template.name': null }, 2],
  [{ rank: { gt: 1, lt: 10 } }, 4],
  [{ owner: { ne: 'u1' } }, 4],
  [{ kind: 'zzz' }, 0],
];

const documentsSection = (models: () => ReadModels): void => {
  describe('documents', () => {
    beforeEach(async () => {
      await models().declare([DOCUMENTS, OTHER]);
    });

    for (const collection of ['notes', 'loose'] as const) {
      const declared = collection === 'notes' ? 'fields declared' : 'no field declared';
      describe(`queries over a collection with ${declared}`, () => {
        beforeEach(async () => {
          await writeDocuments(models(), 'documents', collection, DOCS);
        });

        it(`given six documents (${declared}), when each is got by id, then it comes back whole, as written`, async () => {
          for (const doc of DOCS) expect(await models().get(collection, doc._id), doc._id).to.deep.equal(doc);
        });

        it(`given six documents (${declared}), when a missing id is got, then the answer is null`, async () => {
          expect(await models().get(collection, 'missing')).to.equal(null);
        });

        for (const [title, where, expected] of FIND_CASES) {
          it(`given six documents (${declared}), when found by ${title}, then ${expected.length === 0 ? 'none match' : expected.join(', ')}`, async () => {
            const found = await models().find(collection, { where });
            expect(sortedIds(found)).to.deep.equal(expected);
            for (const doc of found) expect(doc, 'found documents are whole').to.deep.equal(DOCS.find((d) => d._id === doc._id));
          });
        }

        for (const [title, query, expected] of SORT_CASES) {
          it(`given six documents (${declared}), when found sorted by ${title}, then the order is ${expected.length === 0 ? 'empty' : expected.join(', ')}`, async () => {
            expect(idsOf(await models().find(collection, query))).to.deep.equal(expected);
          });
        }

        it(`given six documents (${declared}), when counted by conditions, then each count is the number found`, async () => {
          for (const [where, n] of COUNT_CASES) expect(await models().count(collection, where), JSON.stringify(where)).to.equal(n);
        });
      });

      describe(`writes to a collection with ${declared}`, () => {
        const get = (id: string) => models().get(collection, id);
        const find = async (where: FieldMatch) => sortedIds(await models().find(collection, { where }));

        it(`given no document (${declared}), when a batch upserts one, then get returns it whole with its id`, async () => {
          const set = { kind: 'a', rank: 1, tags: ['x'], template: { name: 't', parts: [1, { deep: true }] }, empty: null, flag: false };
          await writeOnce(models(), 'documents', 1, [{ collection, id: 'w1', set, upsert: true }]);
          expect(await get('w1')).to.deep.equal({ _id: 'w1', ...set });
          expect(await models().count(collection, {})).to.equal(1);
        });

        it(`given no document (${declared}), when a write without upsert names it, then it stays missing`, async () => {
          await writeOnce(models(), 'documents', 1, [{ collection, id: 'w1', set: { kind: 'a' } }]);
          expect(await get('w1')).to.equal(null);
          expect(await models().count(collection, {})).to.equal(0);
          expect(await models().find(collection, { where: {} })).to.deep.equal([]);
          expect(await models().checkpoint('documents')).to.deep.equal(at(1));
        });

        it(`given a document (${declared}), when set writes some fields, then they are replaced (null included) and the others kept, and queries see the new values`, async () => {
          await writeOnce(models(), 'documents', 1, [{ collection, id: 'w', set: { kind: 'a', rank: 1, tags: ['x'], labels: ['red'], template: { name: 't', lang: 'en' }, keep: 'me' }, upsert: true }]);
          await writeOnce(models(), 'documents', 2, [{ collection, id: 'w', set: { rank: 2, tags: ['y'], labels: [], template: { name: 'u' }, cleared: null, kind: null } }]);
          expect(await get('w')).to.deep.equal({ _id: 'w', kind: null, rank: 2, tags: ['y'], labels: [], template: { name: 'u' }, keep: 'me', cleared: null });
          expect(await find({ tags: 'x' })).to.deep.equal([]);
          expect(await find({ tags: 'y' })).to.deep.equal(['w']);
          expect(await find({ labels: 'red' })).to.deep.equal([]);
          expect(await find({ rank: 1 })).to.deep.equal([]);
          expect(await find({ rank: 2 })).to.deep.equal(['w']);
          expect(await find({ kind: 'a' })).to.deep.equal([]);
          expect(await find({ kind: null })).to.deep.equal(['w']);
          expect(await find({ 'template.name': 'u' })).to.deep.equal(['w']);
          expect(await find({ 'template.lang': null })).to.deep.equal(['w']);
        });

        it(`given documents (${declared}), when min writes text and numbers, then the smaller is kept, and a missing field is set`, async () => {
          await writeOnce(models(), 'documents', 1, [{ collection, id: 'w', set: { kind: 'a' }, min: { at: '2026-02-01T00:00:00.000Z', low: 5 }, upsert: true }]);
          expect(await get('w')).to.deep.equal({ _id: 'w', kind: 'a', at: '2026-02-01T00:00:00.000Z', low: 5 });
          await writeOnce(models(), 'documents', 2, [{ collection, id: 'w', set: {}, min: { at: '2026-03-01T00:00:00.000Z', low: 7 } }]);
          expect(await get('w')).to.deep.equal({ _id: 'w', kind: 'a', at: '2026-02-01T00:00:00.000Z', low: 5 });
          await writeOnce(models(), 'documents', 3, [{ collection, id: 'w', set: { kind: 'b' }, min: { at: '2026-01-15T00:00:00.000Z', low: -2 } }]);
          expect(await get('w')).to.deep.equal({ _id: 'w', kind: 'b', at: '2026-01-15T00:00:00.000Z', low: -2 });
          await writeOnce(models(), 'documents', 4, [{ collection, id: 'v', set: {}, min: { at: '2026-05-05T00:00:00.000Z' }, upsert: true }]);
          await writeOnce(models(), 'documents', 5, [{ collection, id: 'v', set: {}, min: { rank: 3 } }]);
          expect(await get('v')).to.deep.equal({ _id: 'v', at: '2026-05-05T00:00:00.000Z', rank: 3 });
          expect(await find({ at: { lt: '2026-02-01T00:00:00.000Z' } })).to.deep.equal(['w']);
          expect(await find({ low: -2 })).to.deep.equal(['w']);
          expect(await find({ rank: 3 })).to.deep.equal(['v']);
        });

        it(`given documents (${declared}), when one is removed, then it is gone from get, find and count; removing a missing one does nothing`, async () => {
          await writeDocuments(models(), 'documents', collection, DOCS);
          await writeOnce(models(), 'documents', 20, [{ collection, id: 'a1', set: {}, remove: true }, { collection, id: 'nope', set: {}, remove: true }]);
          expect(await get('a1')).to.equal(null);
          expect(await get('nope')).to.equal(null);
          expect(await find({ tags: 'x' })).to.deep.equal(['a5', 'b1']);
          expect(await find({ labels: 'red' })).to.deep.equal(['a4']);
          expect(await find({ kind: 'a' })).to.deep.equal(['a3', 'a5']);
          expect(await models().count(collection, {})).to.equal(5);
        });

        it(`given a removed document (${declared}), when it is upserted again, then it holds only the new fields`, async () => {
          await writeDocuments(models(), 'documents', collection, DOCS);
          await writeOnce(models(), 'documents', 20, [{ collection, id: 'a1', set: {}, remove: true }]);
          await writeOnce(models(), 'documents', 21, [{ collection, id: 'a1', set: { kind: 'z', tags: ['q'] }, upsert: true }]);
          expect(await get('a1')).to.deep.equal({ _id: 'a1', kind: 'z', tags: ['q'] });
          expect(await find({ tags: 'x' })).to.deep.equal(['a5', 'b1']);
          expect(await find({ tags: 'q' })).to.deep.equal(['a1']);
        });

        it(`given no document (${declared}), when one event writes a document several times, then the writes apply in order`, async () => {
          await writeOnce(models(), 'documents', 1, [
            { collection, id: 'w', set: { n: 1, kind: 'a' }, upsert: true },
            { collection, id: 'v', set: { n: 9 }, upsert: true },
            { collection, id: 'w', set: { m: 2, kind: 'b' } },
            { collection, id: 'w', set: {}, min: { low: 3 } },
            { collection, id: 'w', set: {}, min: { low: 4 } },
            { collection, id: 'x', set: { a: 1 }, upsert: true },
            { collection, id: 'x', set: {}, remove: true },
            { collection, id: 'v', set: {}, remove: true },
            { collection, id: 'v', set: { n: 10 }, upsert: true },
          ]);
          expect(await get('w')).to.deep.equal({ _id: 'w', n: 1, m: 2, kind: 'b', low: 3 });
          expect(await get('v')).to.deep.equal({ _id: 'v', n: 10 });
          expect(await get('x')).to.equal(null);
          expect(await find({ kind: 'b' })).to.deep.equal(['w']);
        });
      });
    }
  });
};

/* ------------------------------------------------------------------------------------------------ */
/* batches and checkpoints                                                                           */
/* ------------------------------------------------------------------------------------------------ */

type Counter = ReadDocument & { readonly n: number; readonly last: number; readonly first: number };

/**
 * A projection that reads before it writes (the kind a replay would count twice): each event n
 * adds one to `counter` (read from the batch), upserts a document `e<n>`, and event 3 removes `e1`.
 */
const countEvents = (events: readonly number[], failAfter?: number) => async (batch: ProjectionBatch): Promise<void> => {
  for (const n of events) {
    const counter = await batch.get<Counter>('notes', 'counter');
    await batch.write(at(n), [
      { collection: 'notes', id: 'counter', set: { n: (counter?.n ?? 0) + 1, last: n }, min: { first: n }, upsert: true },
      { collection: 'notes', id: `e${n}`, set: { kind: 'event', rank: n }, upsert: true },
      ...(n === 3 ? [{ collection: 'notes', id: 'e1', set: {}, remove: true }] : []),
    ]);
    if (n === failAfter) throw new Error(`the projection failed after event ${n}`);
  }
};

const batchesSection = (models: () => ReadModels): void => {
  describe('batches and checkpoints', () => {
    beforeEach(async () => {
      await models().declare([DOCUMENTS, OTHER]);
    });

    it('given declared read models, when nothing was applied, then their checkpoints are null, and so is that of a name never declared', async () => {
      expect(await models().checkpoint('documents')).to.equal(null);
      expect(await models().checkpoint('other')).to.equal(null);
      expect(await models().checkpoint('never-declared')).to.equal(null);
    });

    it('given a read model, when a batch is applied up to a position, then its checkpoint is that position (commit and prepare), and another model\'s stays null', async () => {
      const upTo: Position = { commit: 123_456_789_012n, prepare: 123_456_789_000n };
      await models().applyBatch('documents', upTo, (batch) => batch.write(upTo, [{ collection: 'notes', id: 'w', set: { kind: 'a' }, upsert: true }]));
      expect(await models().checkpoint('documents')).to.deep.equal(upTo);
      expect(await models().checkpoint('other')).to.equal(null);
      await models().applyBatch('documents', at(20_000_000_000), async () => undefined);
      expect(await models().checkpoint('documents'), 'a batch that writes nothing moves the checkpoint too').to.deep.equal(at(20_000_000_000));
    });

    it('given a read model, when saveCheckpoint is called, then the checkpoint moves and the documents stay; a later batch moves it on', async () => {
      await writeDocuments(models(), 'documents', 'notes', DOCS);
      await models().saveCheckpoint('documents', at(50));
      expect(await models().checkpoint('documents')).to.deep.equal(at(50));
      expect(await models().count('notes', {})).to.equal(DOCS.length);
      await writeOnce(models(), 'documents', 51, [{ collection: 'notes', id: 'w', set: { kind: 'a' }, upsert: true }]);
      expect(await models().checkpoint('documents')).to.deep.equal(at(51));
      expect(await models().get('notes', 'w')).to.deep.equal({ _id: 'w', kind: 'a' });
    });

    it('given events applied once, then the read-before-write projection holds what they make', async () => {
      await models().applyBatch('documents', at(5), countEvents([1, 2, 3, 4, 5]));
      expect(await models().get('notes', 'counter')).to.deep.equal({ _id: 'counter', n: 5, last: 5, first: 1 });
      expect(sortedIds(await models().find('notes', { where: { kind: 'event' } }))).to.deep.equal(['e2', 'e3', 'e4', 'e5']);
    });

    it('given a batch whose apply throws after some writes, when the same events are applied again in a new batch, then the documents are those of applying them once, and the checkpoint never moved past what was applied (a crash applies no event twice and loses none)', async () => {
      await writeOnce(models(), 'documents', 0, [{ collection: 'notes', id: 'before', set: { kind: 'kept' }, upsert: true }]);
      let failure: unknown = null;
      try {
        await models().applyBatch('documents', at(5), countEvents([1, 2, 3, 4, 5], 4));
      } catch (e) {
        failure = e;
      }
      expect(String(failure), 'the batch fails with the projection\'s error').to.contain('the projection failed after event 4');
      expect(await models().checkpoint('documents'), 'the checkpoint stays where it was').to.deep.equal(at(0));
      await models().applyBatch('documents', at(5), countEvents([1, 2, 3, 4, 5]));
      expect(await models().checkpoint('documents')).to.deep.equal(at(5));
      expect(await models().get('notes', 'counter')).to.deep.equal({ _id: 'counter', n: 5, last: 5, first: 1 });
      expect(sortedIds(await models().find('notes', { where: { kind: 'event' } }))).to.deep.equal(['e2', 'e3', 'e4', 'e5']);
      expect(await models().get('notes', 'before')).to.deep.equal({ _id: 'before', kind: 'kept' });
    });

    it('given a failed batch, when the next batch is applied, then it runs (a failure does not block the engine)', async () => {
      const failing = models().applyBatch('documents', at(1), async () => {
        throw new Error('boom');
      });
      const next = writeOnce(models(), 'documents', 2, [{ collection: 'notes', id: 'w', set: { kind: 'a' }, upsert: true }]);
      await failing.then(() => expect.fail('the failing batch resolved'), (e: unknown) => expect(String(e)).to.contain('boom'));
      await next;
      expect(await models().get('notes', 'w')).to.deep.equal({ _id: 'w', kind: 'a' });
      expect(await models().checkpoint('documents')).to.deep.equal(at(2));
    });

    for (const collection of ['notes', 'loose'] as const) {
      it(`given a batch (${collection === 'notes' ? 'fields declared' : 'no field declared'}), when it reads after its own writes, then get and find see them (upserts, sets, removes)`, async () => {
        await writeDocuments(models(), 'documents', collection, [{ _id: 'p', kind: 'a', tags: ['x'], labels: ['red'] }]);
        const seen: Record<string, unknown> = {};
        await models().applyBatch('documents', at(10), async (batch) => {
          seen.committed = await batch.get(collection, 'p');
          await batch.write(at(2), [{ collection, id: 'q', set: { kind: 'a', tags: ['y'], labels: ['red'], template: { name: 't' } }, upsert: true }]);
          seen.upserted = await batch.get(collection, 'q');
          seen.byKind = sortedIds(await batch.find(collection, { kind: 'a' }));
          seen.byList = sortedIds(await batch.find(collection, { tags: 'y' }));
          seen.byUndeclaredList = sortedIds(await batch.find(collection, { labels: 'red' }));
          seen.byPath = sortedIds(await batch.find(collection, { 'template.name': 't' }));
          await batch.write(at(3), [{ collection, id: 'p', set: { kind: 'b', tags: ['y'] } }]);
          seen.updated = await batch.get(collection, 'p');
          seen.byKindAfterSet = sortedIds(await batch.find(collection, { kind: 'a' }));
          seen.byListAfterSet = sortedIds(await batch.find(collection, { tags: 'x' }));
          await batch.write(at(4), [{ collection, id: 'q', set: {}, remove: true }]);
          seen.removed = await batch.get(collection, 'q');
          seen.byListAfterRemove = sortedIds(await batch.find(collection, { tags: 'y' }));
        });
        expect(seen).to.deep.equal({
          committed: { _id: 'p', kind: 'a', tags: ['x'], labels: ['red'] },
          upserted: { _id: 'q', kind: 'a', tags: ['y'], labels: ['red'], template: { name: 't' } },
          byKind: ['p', 'q'],
          byList: ['q'],
          byUndeclaredList: ['p', 'q'],
          byPath: ['q'],
          updated: { _id: 'p', kind: 'b', tags: ['y'], labels: ['red'] },
          byKindAfterSet: ['q'],
          byListAfterSet: [],
          removed: null,
          byListAfterRemove: ['p'],
        });
        expect(await models().get(collection, 'p')).to.deep.equal({ _id: 'p', kind: 'b', tags: ['y'], labels: ['red'] });
        expect(await models().get(collection, 'q')).to.equal(null);
      });
    }

    it('given three batches started together (the third of another read model), when the first awaits inside its apply, then the others start only after the first has committed, one at a time, and read its writes', async () => {
      const log: string[] = [];
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const first = models().applyBatch('documents', at(1), async (batch) => {
        log.push('first starts');
        await batch.write(at(1), [{ collection: 'notes', id: 'c', set: { n: 1 }, upsert: true }]);
        await gate;
        log.push('first ends');
      });
      const second = models().applyBatch('documents', at(2), async (batch) => {
        log.push('second starts');
        const c = await batch.get<ReadDocument & { n: number }>('notes', 'c');
        await batch.write(at(2), [{ collection: 'notes', id: 'c', set: { n: (c?.n ?? 0) + 1 }, upsert: true }]);
        log.push('second ends');
      });
      const third = models().applyBatch('other', at(3), async (batch) => {
        log.push('third starts');
        await batch.write(at(3), [{ collection: 'others', id: 'o', set: { kind: 'x' }, upsert: true }]);
        log.push('third ends');
      });
      await waitUntil(() => log.length > 0, 'the first batch starts');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(log, 'while the first batch is open').to.deep.equal(['first starts']);
      release();
      await Promise.all([first, second, third]);
      // One at a time: each batch's start is followed by its own end (the second and the third, of another read model, in either order).
      expect(log.slice(0, 2)).to.deep.equal(['first starts', 'first ends']);
      const rest = [log.slice(2, 4), log.slice(4, 6)].sort((a, b) => a[0].localeCompare(b[0]));
      expect(rest).to.deep.equal([['second starts', 'second ends'], ['third starts', 'third ends']]);
      expect(await models().get('notes', 'c')).to.deep.equal({ _id: 'c', n: 2 });
      expect(await models().checkpoint('documents')).to.deep.equal(at(2));
      expect(await models().checkpoint('other')).to.deep.equal(at(3));
    });

    it('given documents and checkpoints in two read models, when dropAll is called, then every document and checkpoint is gone, and batches write again', async () => {
      await writeDocuments(models(), 'documents', 'notes', DOCS);
      await writeDocuments(models(), 'documents', 'loose', DOCS, 10);
      await writeOnce(models(), 'other', 30, [{ collection: 'others', id: 'o', set: { kind: 'x' }, upsert: true }]);
      await models().dropAll();
      for (const collection of ['notes', 'loose', 'others']) {
        expect(await models().count(collection, {}), collection).to.equal(0);
        expect(await models().find(collection, { where: {} }), collection).to.deep.equal([]);
      }
      expect(await models().get('notes', 'a1')).to.equal(null);
      expect(await models().find('notes', { where: { tags: 'x' } })).to.deep.equal([]);
      expect(await models().checkpoint('documents')).to.equal(null);
      expect(await models().checkpoint('other')).to.equal(null);
      await writeDocuments(models(), 'documents', 'notes', DOCS.slice(0, 2));
      expect(sortedIds(await models().find('notes', { where: { tags: 'y' } }))).to.deep.equal(['a1', 'a2']);
      expect(await models().checkpoint('documents')).to.deep.equal(at(2));
    });

    it('given two read models with documents, when one is declared again with the same version, then nothing is lost; with another version, then that one is emptied (checkpoint included) and the other kept', async () => {
      await writeDocuments(models(), 'documents', 'notes', DOCS);
      await writeOnce(models(), 'other', 30, [{ collection: 'others', id: 'o', set: { kind: 'x' }, upsert: true }]);
      await models().declare([DOCUMENTS, OTHER]);
      expect(await models().count('notes', {}), 'same version').to.equal(DOCS.length);
      expect(await models().checkpoint('documents'), 'same version').to.deep.equal(at(DOCS.length));
      await models().declare([{ ...DOCUMENTS, version: 2 }]);
      expect(await models().count('notes', {})).to.equal(0);
      expect(await models().find('notes', { where: { tags: 'x' } })).to.deep.equal([]);
      expect(await models().checkpoint('documents')).to.equal(null);
      expect(await models().get('others', 'o')).to.deep.equal({ _id: 'o', kind: 'x' });
      expect(await models().checkpoint('other')).to.deep.equal(at(30));
      await writeDocuments(models(), 'documents', 'notes', DOCS.slice(0, 1));
      expect(sortedIds(await models().find('notes', { where: { tags: 'x' } }))).to.deep.equal(['a1']);
    });
  });
};

/* ------------------------------------------------------------------------------------------------ */
/* tickets by criteria                                                                               */
/* ------------------------------------------------------------------------------------------------ */

const ACME = 'acme';
const GLOBEX = 'globex';
const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-01T00:00:00.000Z');
const iso = (ms: number): string => new Date(ms).toISOString();

/** A small deterministic generator (mulberry32), so that the fixture is the same on every run. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

const STATUSES = ['open', 'assigned', 'queued', 'in_progress', 'resolved', 'closed'];
const AGENTS = ['u-ana', 'u-ben', 'u-chen'];
const TASKS: readonly (readonly [string, string])[] = [['task-refund', 'team-care'], ['task-upsell', 'team-sales'], ['task-cancel', 'team-care']];
const PHONES = ['+919876543210', '+14155550123', '+447700900123', '+919812345678'];
const SUMMARIES: readonly (string | null)[] = [
  'Wants a REFUND for the blue kettle', 'price (USD) is $5.00?', '100% cotton, not 50%', 'snake_case_name in the form', 'wildcard * star',
  'Said "hello" twice', "O'Brien's order", 'Café au lait spilled', 'Straße gesperrt', '日本語のお問い合わせ', 'Emoji 🎉 party', 'ΟΔΟΣ ΚΑΛΑΜΑΤΑΣ',
  null, 'x', 'Refund please', 'where is my parcel', 'Order #AC-1003 never arrived',
];
const NAMES: readonly (string | null)[] = ['Priya Sharma', 'José Álvarez', 'Zoë', null, 'Ben O\'Neil'];
const TICKET_NAMES: readonly (string | null)[] = [null, null, 'Damaged parcel', 'Refund "urgent"', null];

const pickFrom = <A>(r: () => number, list: readonly A[]): A => list[Math.floor(r() * list.length)];

/** Deletes a field (a document of a ticket from before the field existed). */
const without = <T extends object>(doc: T, ...fields: string[]): T => {
  const copy = { ...doc } as Record<string, unknown>;
  for (const f of fields) delete copy[f];
  return copy as T;
};

/**
 * 80 tickets of two accounts (60 of acme, 20 of globex), with every field the criteria read: ties
 * of every timestamp, nulls and missing fields, lists empty, missing and full, the sources and
 * labels, and search texts with quotes, %, _, *, accents, CJK, an emoji and Greek.
 */
const makeTickets = (): TicketDocument[] => {
  const r = random(20_260_301);
  const docs: TicketDocument[] = [];
  for (let i = 0; i < 80; i += 1) {
    const accountId = i % 4 === 3 ? GLOBEX : ACME;
    const status = i === 17 ? 'open' : STATUSES[(i * 7 + Math.floor(r() * 3)) % STATUSES.length];
    const created = T0 + Math.floor(i / 3) * 17 * HOUR;
    const assigned = ['assigned', 'in_progress'].includes(status) || (status === 'resolved' && r() < 0.6);
    const assignedToId = assigned ? pickFrom(r, AGENTS) : null;
    const involved = [...new Set([...(assignedToId === null ? [] : [assignedToId]), ...(r() < 0.3 ? [pickFrom(r, AGENTS)] : [])])].sort();
    const task = i % 5 === 0 ? null : pickFrom(r, TASKS);
    const source = i === 21 ? 'chatapp' : i % 9 === 4 ? 'manual' : pickFrom(r, ['chatapp', 'email', 'liveChat', 'chatapp', 'email', 'manual']);
    const phones = r() < 0.25 ? [] : [...new Set([pickFrom(r, PHONES), ...(r() < 0.3 ? [pickFrom(r, PHONES)] : [])])];
    let doc = aTicket({
      _id: `tk-${String(i).padStart(3, '0')}`,
      accountId,
      ticketNumber: 1000 + i,
      ticketName: pickFrom(r, TICKET_NAMES),
      status,
      summary: SUMMARIES[i % SUMMARIES.length],
      orderName: r() < 0.4 ? null : `#AC-${1000 + (i % 7)}`,
      source,
      manualSourceLabel: source === 'manual' ? pickFrom(r, ['Walk-In', 'Phone Desk', 'Walk-In', null]) : i === 21 ? 'Walk-In' : null,
      customerId: `c-${i % 17}`,
      customerName: pickFrom(r, NAMES),
      customerPhones: phones,
      customerEmails: r() < 0.5 ? ['priya.s@example.com'] : [],
      createdAt: iso(created),
      updatedAt: r() < 0.08 ? null : iso(created + Math.floor(r() * 5) * 24 * HOUR),
      executedAt: r() < 0.5 ? iso(created + 30 * 60_000 * Math.floor(r() * 3)) : null,
      assignedAt: assignedToId === null ? null : iso(created + Math.floor(r() * 3) * HOUR),
      assignedToId,
      involvedAgentIds: involved,
      resolvedAt: ['resolved', 'closed'].includes(status) ? iso(created + Math.floor(r() * 4) * 12 * HOUR) : null,
      createdByUserId: pickFrom(r, ['u-admin', 'u-ana', null]),
      taskId: task === null ? null : task[0],
      taskTeamId: task === null ? null : task[1],
      category: pickFrom(r, ['Billing', 'Shipping', null]),
      subcategory: pickFrom(r, ['Refund', 'Invoice', null]),
      sentiment: pickFrom(r, ['positive', 'negative', 'neutral', null]),
      parentTicketId: i % 6 === 1 ? `tk-${String(i - 1).padStart(3, '0')}` : null,
    });
    // Documents from before a field existed lack it.
    if (i % 23 === 5) doc = without(doc, 'updatedAt');
    if (i % 11 === 4) doc = without(doc, 'resolvedAt', 'executedAt');
    if (i % 13 === 7) doc = without(doc, 'taskId', 'taskTeamId', 'assignedToId');
    if (i % 10 === 9) doc = without(doc, 'parentTicketId', 'involvedAgentIds', 'customerPhones', 'sentiment');
    if (i === 41) doc = without(doc, 'status');
    docs.push(plain(doc));
  }
  // The same customer and texts in globex, and a ticket whose summary and order name would match only across two fields.
  docs.push(plain(aTicket({ _id: 'tk-late', accountId: ACME, ticketNumber: 2001, summary: 'late', orderName: 'delivery', customerId: 'c-late', createdAt: iso(T0 + 5 * HOUR), updatedAt: iso(T0 + 5 * HOUR) })));
  return docs;
};

const TICKETS = makeTickets();

/** The tickets written through the port, as the projection writes them: upserted whole, an event each. */
const writeTickets = (models: ReadModels, docs: readonly ReadDocument[], from = 1): Promise<Position> => writeDocuments(models, 'tickets', 'tickets', docs, from);

const base = (over: Partial<TicketCriteria> = {}): TicketCriteria => ({ accountId: ACME, timestampKey: 'createdAt', sortOrder: 'desc', ...over });

const TIMESTAMP_KEYS = ['createdAt', 'updatedAt', 'resolvedAt', 'executedAt', 'assignedAt'] as const;

const CRITERIA_CASES: readonly (readonly [string, TicketCriteria])[] = [
  ...TIMESTAMP_KEYS.flatMap((key) => (['asc', 'desc'] as const).map((order) => [`every ticket of the account by ${key} ${order}`, base({ timestampKey: key, sortOrder: order })] as const)),
  ['the other account', base({ accountId: GLOBEX })],
  ['an account without tickets', base({ accountId: 'initech' })],
  ['from', base({ from: '2026-03-08T00:00:00.000Z' })],
  ['to', base({ to: '2026-03-05T17:00:00.000Z', sortOrder: 'asc' })],
  ['from and to on createdAt (bounds inclusive)', base({ from: '2026-03-03T02:00:00.000Z', to: '2026-03-10T16:00:00.000Z' })],
  ['from and to on resolvedAt (tickets without it are outside)', base({ timestampKey: 'resolvedAt', sortOrder: 'asc', from: '2026-03-04T00:00:00.000Z', to: '2026-03-16T00:00:00.000Z' })],
  ['from on assignedAt', base({ timestampKey: 'assignedAt', from: '2026-03-06T00:00:00.000Z' })],
  ['createdAtMost (an export\'s snapshot)', base({ createdAtMost: '2026-03-09T12:00:00.000Z', timestampKey: 'updatedAt' })],
  ['one status', base({ statuses: ['open'] })],
  ['two statuses', base({ statuses: ['assigned', 'queued'], sortOrder: 'asc' })],
  ['an empty status list', base({ statuses: [] })],
  ['a status no ticket has', base({ statuses: ['archived'] })],
  ['statusNot alone (a ticket without status is kept)', base({ statusNot: 'in_progress' })],
  ['statusNot with statuses', base({ statuses: ['open', 'in_progress', 'closed'], statusNot: 'in_progress' })],
  ['statusNot with a date range', base({ statusNot: 'open', from: '2026-03-05T00:00:00.000Z', timestampKey: 'updatedAt' })],
  ['statusNot with a search', base({ statusNot: 'closed', searchFragments: ['refund'] })],
  ['assignedToId', base({ assignedToId: 'u-ana' })],
  ['unassigned (null or missing)', base({ unassigned: true })],
  ['involvedAgentId', base({ involvedAgentId: 'u-ben' })],
  ['agentInvolvement only_ai (empty or missing list)', base({ agentInvolvement: 'only_ai' })],
  ['agentInvolvement agents_involved', base({ agentInvolvement: 'agents_involved', sortOrder: 'asc' })],
  ['createdByUserId', base({ createdByUserId: 'u-ana' })],
  ['one task', base({ taskIds: ['task-refund'] })],
  ['no task (null or missing)', base({ taskIds: [null] })],
  ['a task or no task', base({ taskIds: ['task-upsell', null] })],
  ['an empty task list', base({ taskIds: [] })],
  ['task teams', base({ taskTeamIds: ['team-care'] })],
  ['an empty task team list', base({ taskTeamIds: [] })],
  ['source', base({ source: 'email' })],
  ['source manual', base({ source: 'manual' })],
  ['one manual source label', base({ manualSourceLabels: ['Walk-In'] })],
  ['source manual and a label', base({ source: 'manual', manualSourceLabels: ['Phone Desk'] })],
  ['two different manual source labels (nothing)', base({ source: 'manual', manualSourceLabels: ['Walk-In', 'Phone Desk'] })],
  ['an empty manual source label list (no condition)', base({ manualSourceLabels: [] })],
  ['one phone', base({ phones: ['+919876543210'] })],
  ['two phones', base({ phones: ['+14155550123', '+447700900123'] })],
  ['an empty phone list', base({ phones: [] })],
  ['order names', base({ orderNames: ['#AC-1001', '#AC-1004'] })],
  ['an empty order name list', base({ orderNames: [] })],
  ['ticket keys: a number and a name', base({ ticketKeys: ['1005', 'Damaged parcel', 'nope'] })],
  ['an empty ticket key list', base({ ticketKeys: [] })],
  ['category', base({ category: 'Billing' })],
  ['subcategory', base({ subcategory: 'Invoice' })],
  ['category and subcategory', base({ category: 'Shipping', subcategory: 'Refund' })],
  ['sentiments', base({ sentiments: ['negative', 'neutral'] })],
  ['an empty sentiment list', base({ sentiments: [] })],
  ['without parent (null or missing)', base({ withoutParent: true })],
  ['a parent', base({ parentTicketId: 'tk-000' })],
  ['a search of one character', base({ searchFragments: ['x'] })],
  ['a search of one character: %', base({ searchFragments: ['%'] })],
  ['a search of one character: _', base({ searchFragments: ['_'] })],
  ['a search of one character: *', base({ searchFragments: ['*'] })],
  ['a search of one character: "', base({ searchFragments: ['"'] })],
  ['a search of one character: an emoji', base({ searchFragments: ['🎉'] })],
  ['a search of two characters', base({ searchFragments: ['ca'] })],
  ['a search of two characters with %', base({ searchFragments: ['0%'] })],
  ['a search of two characters with _', base({ searchFragments: ['e_'] })],
  ['a search of two characters with "', base({ searchFragments: ['"h'] })],
  ['a search of two characters of CJK', base({ searchFragments: ['日本'] })],
  ['a search of three characters', base({ searchFragments: ['ref'] })],
  ['a search of three characters with "', base({ searchFragments: ['"he'] })],
  ['a search of three characters with _', base({ searchFragments: ['e_c'] })],
  ['a search of three characters with *', base({ searchFragments: [' * '] })],
  ['a search of three characters with %', base({ searchFragments: ['0% '] })],
  ['a search with a quote and a dollar', base({ searchFragments: ["o'brien", '$5.'] })],
  ['a longer search', base({ searchFragments: ['blue kettle'] })],
  ['a search with an accent', base({ searchFragments: ['café'] })],
  ['a search without the accent (no match)', base({ searchFragments: ['cafe au'] })],
  ['a search with ß', base({ searchFragments: ['straße'] })],
  ['a search with ss for ß (no match)', base({ searchFragments: ['strasse'] })],
  ['a search of CJK text', base({ searchFragments: ['日本語の'] })],
  ['a search with an emoji', base({ searchFragments: ['🎉 pa'] })],
  ['a search of Greek, final sigma', base({ searchFragments: ['οδος'] })],
  ['a search of Greek with σ where the text has ς (no match)', base({ searchFragments: ['οδοσ'] })],
  ['a search of an email', base({ searchFragments: ['priya.s@'] })],
  ['a search of a phone and its digits', base({ searchFragments: ['98765 43210', '9876543210'] })],
  ['a search of ticket numbers', base({ searchFragments: ['100'] })],
  ['a search of short and long fragments together', base({ searchFragments: ['zz', 'kettle', 'ë'] })],
  ['a search across two fields (no match)', base({ searchFragments: ['latedelivery'] })],
  ['a search nothing holds', base({ searchFragments: ['no such words'] })],
  ['an empty fragment list', base({ searchFragments: [] })],
  ['a search in the other account', base({ accountId: GLOBEX, searchFragments: ['refund'] })],
  [
    'statuses, an agent, tasks and a search',
    base({ statuses: ['assigned', 'in_progress', 'resolved'], involvedAgentId: 'u-ana', taskIds: ['task-refund', 'task-cancel', null], searchFragments: ['e'] }),
  ],
  [
    'a range on resolvedAt ascending, statusNot and sentiments',
    base({ timestampKey: 'resolvedAt', sortOrder: 'asc', from: '2026-03-02T00:00:00.000Z', statusNot: 'resolved', sentiments: ['positive', 'negative'] }),
  ],
  ['phones and a source', base({ phones: ['+919876543210', '+919812345678'], source: 'chatapp', sortOrder: 'asc' })],
  ['unassigned, only_ai, without parent and no task', base({ unassigned: true, agentInvolvement: 'only_ai', withoutParent: true, taskIds: [null], timestampKey: 'executedAt' })],
  ['category, a team, a creator and a date range', base({ category: 'Billing', taskTeamIds: ['team-care', 'team-sales'], createdByUserId: 'u-admin', to: '2026-03-15T00:00:00.000Z' })],
  ['every condition at once', base({
    from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T00:00:00.000Z', createdAtMost: '2026-03-31T00:00:00.000Z', statuses: ['resolved'], statusNot: 'open',
    assignedToId: 'u-ana', involvedAgentId: 'u-ana', agentInvolvement: 'agents_involved', createdByUserId: 'u-admin', taskIds: ['task-refund'], taskTeamIds: ['team-care'],
    source: 'email', manualSourceLabels: [], phones: PHONES, orderNames: ['#AC-1000'], ticketKeys: ['1000'], category: 'Billing', subcategory: 'Refund',
    sentiments: ['positive'], withoutParent: true, searchFragments: ['refund'],
  })],
];

const SCOPE: TicketQueryScope = { accountId: ACME, manualSourceLabels: ['Walk-In', 'Phone Desk'], defaultPhoneCountry: 'IN' };

/** Spec-shaped filters (docs/api/ticket-list.md, Filters), made criteria by ticketCriteria as the list and the export make them. */
const FILTER_CASES: readonly TicketFilters[] = [
  {},
  { search: '98765 43210' },
  { search: '  REFUND ' },
  { search: 'Café' },
  { search: '"hello"' },
  { phoneNumber: '98765 43210' },
  { phoneNumber: '+1 (415) 555-0123, 09812345678' },
  { ticketNumber: '#01005, Damaged parcel' },
  { ticketNumber: '1010' },
  { source: 'walk-in' },
  { source: 'LIVECHAT' },
  { source: 'manual' },
  { manualSourceLabel: 'Walk-In', source: 'chatapp' },
  { manualSourceLabel: 'Phone Desk', source: 'walk-in' },
  { statuses: ['assigned', 'queued'], ignoreDateRange: true, startDate: '2026-03-05T00:00:00Z', endDate: '2026-03-08' },
  { statuses: ['assigned', 'queued'], startDate: '2026-03-05T00:00:00Z', endDate: '2026-03-08' },
  { startDate: '2026-03-05T10:00:00+05:30', endDate: '2026-03-12', sortOrder: 'asc' },
  { excludeInProgress: true },
  { excludeInProgress: true, statuses: ['open', 'in_progress'] },
  { statuses: [] },
  { noTaskIds: true },
  { noTaskIds: true, taskIds: ['task-refund'] },
  { taskTeamIds: ['team-care'], sortOrder: 'asc' },
  { timestampKey: 'resolvedAt', sortOrder: 'asc', startDate: '2026-03-05T00:00:00Z' },
  { timestampKey: 'assignedAt', endDate: '2026-03-15' },
  { agentId: 'u-ana', involvedAgentId: 'u-ana' },
  { agentInvolvement: 'only_ai', unassigned: true },
  { agentInvolvement: 'agents_involved', createdByUserId: 'u-admin' },
  { orderName: '#AC-1001 , #AC-1002' },
  { category: 'Billing', subcategory: 'Refund', sentiments: ['negative', 'neutral'] },
  { excludeChildTickets: true, sortOrder: 'asc' },
  { parentTicketId: 'tk-012' },
  { statuses: ['open', 'assigned', 'resolved'], search: 're', taskIds: ['task-refund', 'task-cancel'], sentiments: ['negative', 'positive'] },
];

const criteriaOf = (filters: TicketFilters): TicketCriteria => {
  const c = ticketCriteria(SCOPE, filters);
  if (E.isLeft(c)) throw new Error(`the filters ${JSON.stringify(filters)} made no criteria: ${c.left.message}`);
  return c.right;
};

const LIMIT = 7;
const PAGE_FIELDS = ['status', 'summary', 'involvedAgentIds', 'resolvedAt', 'notAField'] as const;

/** Pages 1 and 2, one in the back half (read from the end), the last (often partial) and the one past it. */
const pagesToRead = (total: number, limit: number): number[] => {
  const last = Math.max(1, Math.ceil(total / limit));
  return [...new Set([1, 2, Math.max(1, Math.ceil((last * 3) / 4)), last, last + 1])].sort((a, b) => a - b);
};

/** The document as a page with these fields gives it: the id and the fields it has. */
const picked = (doc: ReadDocument, fields: readonly string[]): ReadDocument => {
  const out: Record<string, unknown> = { _id: doc._id };
  for (const f of fields) if (Object.prototype.hasOwnProperty.call(doc, f)) out[f] = doc[f];
  return out as ReadDocument;
};

const expectedMatches = (docs: readonly TicketDocument[], c: TicketCriteria): TicketDocument[] => docs.filter((d) => matchesCriteria(c, d)).sort(compareByCriteria(c));

/** The engine's count, exists, pages and stream for the criteria, against matchesCriteria and compareByCriteria over the documents. */
const expectTicketReadsAgree = async (models: ReadModels, docs: readonly TicketDocument[], c: TicketCriteria): Promise<void> => {
  const expected = expectedMatches(docs, c);
  const total = expected.length;
  expect(await models.tickets.count(c), 'count').to.equal(total);
  expect(await models.tickets.exists(c), 'exists').to.equal(total > 0);
  const fields = [...PAGE_FIELDS, c.timestampKey];
  for (const page of pagesToRead(total, LIMIT)) {
    const got = await models.tickets.page(c, page, LIMIT, fields);
    const slice = expected.slice((page - 1) * LIMIT, page * LIMIT);
    expect(got.total, `total with page ${page} of ${LIMIT}`).to.equal(total);
    expect(idsOf(got.docs), `ids of page ${page} of ${LIMIT}`).to.deep.equal(idsOf(slice));
    expect(got.docs, `fields of page ${page} of ${LIMIT}`).to.deep.equal(slice.map((d) => picked(d, fields)));
  }
  if (total > 0) {
    // A first page exactly full (the total is then counted), and one a ticket short of the total.
    const full = await models.tickets.page(c, 1, total, ['status']);
    expect({ ids: idsOf(full.docs), total: full.total }, 'one page of every match').to.deep.equal({ ids: idsOf(expected), total });
    if (total > 1) {
      const short = await models.tickets.page(c, 2, total - 1, ['status']);
      expect({ ids: idsOf(short.docs), total: short.total }, 'page 2 of total - 1').to.deep.equal({ ids: [expected[total - 1]._id], total });
    }
  }
  const streamed = await drain(models.tickets.stream<TicketDocument>(c));
  expect(idsOf(streamed.docs), 'the stream\'s order').to.deep.equal(idsOf(expected));
  expect(streamed.docs, 'the stream\'s documents are whole').to.deep.equal(expected);
};

const criteriaTitle = (c: TicketCriteria): string => JSON.stringify(c).replace(/^\{"accountId":"acme","timestampKey":"createdAt","sortOrder":"desc",?/, '{');

/** 1100 tickets of one account: a stream crosses batches. */
const BULK = 'bulk';
const makeBulkTickets = (): TicketDocument[] =>
  Array.from({ length: 1_100 }, (_, i) =>
    plain(aTicket({
      _id: `bk-${String(i).padStart(5, '0')}`,
      accountId: BULK,
      ticketNumber: 50_000 + i,
      status: STATUSES[i % STATUSES.length],
      customerId: `c-${i % 50}`,
      summary: i % 3 === 0 ? 'bulk question' : 'bulk refund',
      createdAt: iso(T0 + Math.floor(i / 4) * 60_000),
      updatedAt: i % 10 === 0 ? null : iso(T0 + ((i * 7919) % 1_100) * 60_000),
    })));

const ticketsSection = (models: () => ReadModels, engine: ReadModelsEngine): void => {
  describe('tickets by criteria', () => {
    beforeEach(async () => {
      await models().declare([TICKETS_SHAPE_FOR_TESTS]);
    });

    it('given the fixture of tickets, then most criteria cases match some tickets and some match more than three pages (the fixture is worth its cases)', () => {
      const sizes = CRITERIA_CASES.map(([, c]) => expectedMatches(TICKETS, c).length);
      expect(CRITERIA_CASES.length).to.be.greaterThan(40);
      expect(sizes.filter((n) => n > 0).length).to.be.greaterThan(CRITERIA_CASES.length * 0.75);
      expect(sizes.filter((n) => n > 3 * LIMIT).length).to.be.greaterThan(10);
      const filterSizes = FILTER_CASES.map((f) => expectedMatches(TICKETS, criteriaOf(f)).length);
      expect(filterSizes.filter((n) => n > 0).length).to.be.greaterThan(FILTER_CASES.length * 0.75);
    });

    describe('the criteria, one case each', () => {
      beforeEach(async () => {
        await writeTickets(models(), TICKETS);
      });

      for (const [title, c] of CRITERIA_CASES) {
        it(`given ${TICKETS.length} tickets of two accounts, when asked for ${title} ${criteriaTitle(c)}, then count, exists, pages 1, 2, back half, last and past the end, and the stream agree with matchesCriteria in compareByCriteria's order`, async () => {
          await expectTicketReadsAgree(models(), TICKETS, c);
        });
      }

      for (const filters of FILTER_CASES) {
        it(`given ${TICKETS.length} tickets of two accounts, when the spec filters ${JSON.stringify(filters)} are made criteria by ticketCriteria, then count, exists, pages and the stream agree with matchesCriteria`, async () => {
          await expectTicketReadsAgree(models(), TICKETS, criteriaOf(filters));
        });
      }
    });

    it('given tickets whose status, account and presence change (sets, several in one batch, removes, upserts again), when counted by account and by status, then the counts kept per account and status stay right', async () => {
      await writeTickets(models(), TICKETS);
      const current = new Map(TICKETS.map((d) => [d._id, d] as const));
      const writes: DocumentWrite[][] = [];
      const change = (id: string, set: Record<string, unknown>) => {
        writes.push([{ collection: 'tickets', id, set }]);
        const doc = current.get(id);
        if (doc !== undefined) current.set(id, plain({ ...doc, ...set }) as TicketDocument);
      };
      const remove = (id: string) => {
        writes.push([{ collection: 'tickets', id, set: {}, remove: true }]);
        current.delete(id);
      };
      const upsert = (doc: TicketDocument) => {
        const { _id, ...set } = doc;
        writes.push([{ collection: 'tickets', id: _id, set, upsert: true }]);
        current.set(_id, plain({ ...(current.get(_id) ?? {}), ...doc }) as TicketDocument);
      };
      change('tk-000', { status: 'closed' });
      change('tk-001', { status: 'archived' });
      change('tk-002', { status: 'in_progress' });
      change('tk-002', { status: 'resolved' });
      change('tk-002', { status: 'queued' });
      change('tk-004', { status: null });
      change('tk-005', { summary: 'only the summary changes' });
      change('tk-006', { accountId: GLOBEX });
      change('tk-007', { accountId: ACME, status: 'open' });
      change('tk-041', { status: 'assigned' });
      change('tk-011', { updatedAt: iso(T0 + 9 * 24 * HOUR + 7) });
      change('tk-012', { resolvedAt: null, status: 'open' });
      change('tk-014', { createdAt: iso(T0 + 30 * HOUR + 5), resolvedAt: iso(T0 + 3 * 24 * HOUR) });
      remove('tk-008');
      remove('tk-009');
      remove('tk-013');
      remove('no-such-ticket');
      upsert(aTicket({ _id: 'tk-009', accountId: GLOBEX, status: 'queued', createdAt: iso(T0), updatedAt: null }));
      upsert(aTicket({ _id: 'tk-new-1', accountId: ACME, status: 'archived', createdAt: iso(T0 + HOUR), updatedAt: null }));
      upsert(aTicket({ _id: 'tk-new-2', accountId: ACME, status: 'open', createdAt: iso(T0 + 2 * HOUR), updatedAt: null }));
      change('tk-new-2', { status: 'closed' });
      writes.push([{ collection: 'tickets', id: 'tk-010', set: { status: 'never-seen' } }, { collection: 'tickets', id: 'tk-010', set: {}, remove: true }]);
      current.delete('tk-010');
      change('no-such-ticket', { status: 'open' });

      const from = 1_000;
      await models().applyBatch('tickets', at(from + writes.length), async (batch) => {
        for (const [i, w] of writes.entries()) await batch.write(at(from + i), w);
      });
      const docs = [...current.values()];
      expect(await models().tickets.count(base({ accountId: 'nobody' }))).to.equal(0);
      const statuses = [...STATUSES, 'archived', 'never-seen'];
      for (const accountId of [ACME, GLOBEX]) {
        const all = base({ accountId });
        expect(await models().tickets.count(all), `${accountId}: all`).to.equal(expectedMatches(docs, all).length);
        expect(await models().count('tickets', { accountId }), `${accountId}: count by field match`).to.equal(expectedMatches(docs, all).length);
        for (const status of statuses) {
          const only = base({ accountId, statuses: [status] });
          const not = base({ accountId, statusNot: status });
          expect(await models().tickets.count(only), `${accountId}: ${status}`).to.equal(expectedMatches(docs, only).length);
          expect(await models().tickets.count(not), `${accountId}: not ${status}`).to.equal(expectedMatches(docs, not).length);
          expect(await models().count('tickets', { accountId, status }), `${accountId}: ${status} by field match`).to.equal(expectedMatches(docs, only).length);
        }
        const two = base({ accountId, statuses: ['open', 'closed', 'open'] });
        expect(await models().tickets.count(two), `${accountId}: open or closed`).to.equal(expectedMatches(docs, two).length);
        expect(await models().tickets.count(base({ accountId, statuses: [] })), `${accountId}: no status`).to.equal(0);
      }
      await expectTicketReadsAgree(models(), docs, base({ statusNot: 'archived' }));
      await expectTicketReadsAgree(models(), docs, base({ accountId: GLOBEX, statuses: ['queued', 'closed'], sortOrder: 'asc' }));
      // Totals over date ranges (from the counts kept per day where the engine keeps them): ranges over many days, one day, open at either end.
      const ranges: readonly { from?: string; to?: string }[] = [
        { from: '2026-03-02T05:30:00.000Z', to: '2026-03-09T13:00:00.000Z' }, { from: '2026-03-03T00:00:00.000Z' }, { to: '2026-03-05T23:59:59.999Z' },
        { from: '2026-03-04T01:00:00.000Z', to: '2026-03-04T20:00:00.000Z' }, { from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' },
      ];
      for (const accountId of [ACME, GLOBEX]) {
        for (const timestampKey of ['createdAt', 'updatedAt', 'resolvedAt'] as const) {
          for (const range of ranges) {
            for (const narrow of [{}, { statuses: ['open', 'resolved'] }, { statusNot: 'closed' }, { createdAtMost: '2026-03-06T12:00:00.000Z' }]) {
              const c = base({ accountId, timestampKey, ...range, ...narrow });
              expect(await models().tickets.count(c), JSON.stringify(c)).to.equal(expectedMatches(docs, c).length);
            }
          }
        }
      }
    });

    describe('the export stream over many tickets', function () {
      this.timeout(60_000);
      const bulk = makeBulkTickets();

      beforeEach(async () => {
        await writeTickets(models(), bulk);
      });

      for (const c of [
        base({ accountId: BULK }),
        base({ accountId: BULK, timestampKey: 'updatedAt', sortOrder: 'asc', statusNot: 'closed' }),
        base({ accountId: BULK, searchFragments: ['refund'], sortOrder: 'asc' }),
      ]) {
        it(`given ${bulk.length} tickets of one account, when streamed by ${criteriaTitle(c)}, then every match comes once, in order, in arrays (more than the 500 of one SQLite stream batch)`, async () => {
          const expected = expectedMatches(bulk, c);
          expect(expected.length, 'more matches than one stream batch of 500').to.be.greaterThan(500);
          const streamed = await drain(models().tickets.stream<TicketDocument>(c));
          expect(idsOf(streamed.docs)).to.deep.equal(idsOf(expected));
          expect(streamed.docs).to.deep.equal(expected);
          expect(await models().tickets.count(c)).to.equal(expected.length);
          const last = await models().tickets.page(c, Math.ceil(expected.length / 100) - 1, 100, ['status']);
          expect(idsOf(last.docs), 'a page near the end').to.deep.equal(idsOf(expected.slice((Math.ceil(expected.length / 100) - 2) * 100, (Math.ceil(expected.length / 100) - 1) * 100)));
        });
      }

      const snapshotTitle = engine.streamsSnapshot === true
        ? `given ${bulk.length} tickets and a stream that has read its first array, when tickets are removed, changed and added, then the stream still yields the tickets as they were when it started (a snapshot)`
        : `given ${bulk.length} tickets and a stream that has read its first array, when tickets are written, then the stream yields a snapshot: not run on ${engine.name}, which cannot promise a snapshot (runs on SQLite)`;
      it(snapshotTitle, async function () {
        if (engine.streamsSnapshot !== true) this.skip();
        const c = base({ accountId: BULK, statusNot: 'closed' });
        const expected = expectedMatches(bulk, c);
        const iterator = models().tickets.stream<TicketDocument>(c)[Symbol.asyncIterator]();
        const first = await iterator.next();
        expect(first.done).to.equal(false);
        const firstDocs = [...(first.value as readonly TicketDocument[])];
        expect(firstDocs.length).to.be.lessThan(expected.length);
        const tail = expected.slice(firstDocs.length);
        const removed = [...tail.slice(0, 50), ...firstDocs.slice(0, 10)].map((d) => d._id);
        const closed = tail.slice(50, 100).map((d) => d._id);
        const renamed = tail.slice(100, 150).map((d) => d._id);
        const added = Array.from({ length: 30 }, (_, i) => aTicket({ _id: `bk-late-${i}`, accountId: BULK, status: 'open', createdAt: iso(T0 - HOUR + i), updatedAt: null }));
        const writes: DocumentWrite[] = [
          ...removed.map((id) => ({ collection: 'tickets', id, set: {}, remove: true })),
          ...closed.map((id) => ({ collection: 'tickets', id, set: { status: 'closed', summary: 'changed' } })),
          ...renamed.map((id) => ({ collection: 'tickets', id, set: { summary: 'changed after the stream started' } })),
          ...added.map(({ _id, ...set }) => ({ collection: 'tickets', id: _id, set, upsert: true })),
        ];
        await writeOnce(models(), 'tickets', 100_000, writes);
        const rest: TicketDocument[] = [];
        for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) rest.push(...next.value);
        expect(idsOf([...firstDocs, ...rest])).to.deep.equal(idsOf(expected));
        expect([...firstDocs, ...rest]).to.deep.equal(expected);
        const now = [
          ...bulk.filter((d) => !removed.includes(d._id)).map((d) => {
            if (closed.includes(d._id)) return { ...d, status: 'closed', summary: 'changed' };
            if (renamed.includes(d._id)) return { ...d, summary: 'changed after the stream started' };
            return d;
          }),
          ...added.map((d) => plain(d)),
        ];
        const after = await drain(models().tickets.stream<TicketDocument>(c));
        expect(idsOf(after.docs), 'a stream started after the writes sees them').to.deep.equal(idsOf(expectedMatches(now, c)));
      });
    });
  });
};

/* ------------------------------------------------------------------------------------------------ */
/* the contract                                                                                      */
/* ------------------------------------------------------------------------------------------------ */

/**
 * The ReadModels port's behaviour, written once and run over every engine: documents by id and by
 * field conditions, the projection's batches and checkpoints, and the tickets' count, existence,
 * pages and stream by TicketCriteria, checked against matchesCriteria and compareByCriteria. Each
 * test opens a fresh engine and closes it after.
 */
export const readModelsContract = (engine: ReadModelsEngine): void => {
  describe(`ReadModels contract: ${engine.name}${engine.skip !== undefined ? ` (skipped: ${engine.skip})` : ''}`, function () {
    this.timeout(30_000);
    let current: ReadModels | undefined;
    const models = (): ReadModels => {
      if (current === undefined) throw new Error('no engine under test');
      return current;
    };

    before(function () {
      if (engine.skip !== undefined) {
        console.log(`      skipped: ${engine.skip}`);
        this.skip();
      }
    });

    beforeEach(async () => {
      current = await engine.open();
    });

    afterEach(async () => {
      const open = current;
      current = undefined;
      await open?.close();
    });

    documentsSection(models);
    batchesSection(models);
    guaranteesSection(models, engine);
    ticketsSection(models, engine);
    bulkUpdatesSection(models);
    ticketMergeSection(models);
  });
};
