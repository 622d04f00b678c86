import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Aggregator, Query } from 'mingo';
import { update } from 'mingo/updater';
import type { Db, MongoClient } from 'mongodb';
import { SqliteReadModels } from '@support/adapters';
import {
  compareByCriteria, CriteriaTicket, DocumentQuery, DocumentWrite, matchesCriteria, Position, ReadModels, ReadModelShape, TicketCriteria, ticketKeys,
  ticketSearchText, TimestampKey,
} from '@support/domain';
import { MongoReadModels } from '@support/adapters/dist/read-models/mongodb';
import { readModelsContract } from '../contracts/read-models.contract';
import { holdMongoLease } from '../contracts/declare-lock-holders';
import { ticketFilter, ticketSort } from '@support/adapters/dist/read-models/mongodb/ticket-filter';
import { GRAMS } from '@support/adapters/dist/read-models/mongodb/internal-fields';
import { withSearchGrams } from '@support/adapters/dist/read-models/mongodb/search-grams';

/**
 * The MongoDB engine's ticket filter and sort, without a server: mingo (MongoDB's query semantics in
 * JavaScript) runs them over tickets stored as the engine's writer stores them (the grams beside the
 * search text), and they must find exactly the tickets matchesCriteria finds, in compareByCriteria's
 * order.
 */

type Ticket = CriteriaTicket & { readonly _id: string } & Record<string, unknown>;

/** A small seeded generator (mulberry32), so the tickets and the random criteria are the same every run. */
const seeded = (seed: number) => {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <A>(xs: readonly A[]): A => xs[Math.floor(next() * xs.length)] };
};

const MISSING = Symbol('missing');
type Maybe<A> = A | typeof MISSING;

const TIMES = [
  '2026-01-05T08:00:00.000Z', '2026-02-10T12:30:00.000Z', '2026-02-10T12:30:00.000Z', '2026-03-01T10:00:00.000Z',
  '2026-03-01T10:00:00.001Z', '2026-04-15T23:59:59.999Z', '2026-06-30T00:00:00.000Z',
];
const SUMMARIES = [
  'refund please', 'broken kettle leaking', 'where is my order', 'ab', 'special chars a.b*c (x)|y [z]', 'ünïcødé kettle', null, 'refund for the broken mug',
  'x', 'a\\b^c$ d?e+f{1}',
];

/** The tickets, each stored as the writer stores it: its fields, its keys and search text, and the grams of the search text. */
const tickets: Ticket[] = (() => {
  const r = seeded(7);
  const out: Ticket[] = [];
  for (let i = 0; i < 64; i++) {
    const fields: Record<string, Maybe<unknown>> = {
      accountId: i % 9 === 8 ? 'globex' : 'acme',
      status: r.pick<Maybe<string | null>>(['open', 'open', 'assigned', 'queued', 'resolved_by_ai', 'closed', null, MISSING]),
      createdAt: r.pick<Maybe<string | null>>([...TIMES, ...TIMES, null]),
      updatedAt: r.pick<Maybe<string | null>>([...TIMES, null, MISSING]),
      resolvedAt: r.pick<Maybe<string | null>>([...TIMES.slice(2), null, null, MISSING]),
      executedAt: r.pick<Maybe<string | null>>([...TIMES.slice(0, 4), null, null]),
      assignedAt: r.pick<Maybe<string | null>>([TIMES[1], TIMES[4], null, null, MISSING]),
      assignedToId: r.pick<Maybe<string | null>>(['a1', 'a2', null, null, MISSING]),
      involvedAgentIds: r.pick<Maybe<string[]>>([[], [], ['a1'], ['a2'], ['a1', 'a2'], MISSING]),
      createdByUserId: r.pick<Maybe<string | null>>(['u1', 'u2', null, MISSING]),
      taskId: r.pick<Maybe<string | null>>(['task-1', 'task-2', 'task-3', null, null, MISSING]),
      taskTeamId: r.pick<Maybe<string | null>>(['team-1', 'team-2', null, MISSING]),
      source: r.pick<Maybe<string>>(['chatapp', 'email', 'manual', 'manual', MISSING]),
      manualSourceLabel: r.pick<Maybe<string | null>>(['Walk-in', 'Phone desk', null, null, MISSING]),
      customerPhones: r.pick<Maybe<string[]>>([[], ['+14155550101'], ['+14155550101', '+14155550102'], ['+919876543210'], MISSING]),
      orderName: r.pick<Maybe<string | null>>(['#1001', '#1002', null, MISSING]),
      category: r.pick<Maybe<string | null>>(['billing', 'shipping', null, MISSING]),
      subcategory: r.pick<Maybe<string | null>>(['refund', 'late', null]),
      sentiment: r.pick<Maybe<string | null>>(['positive', 'negative', 'neutral', null, MISSING]),
      parentTicketId: r.pick<Maybe<string | null>>([null, null, 't-003', 't-010', MISSING]),
      ticketNumber: 1000 + i,
      ticketName: r.pick<string | null>([null, null, `VIP-${i}`, 'Kettle']),
      summary: r.pick(SUMMARIES),
      customerName: r.pick<string | null>(['Priya Rao', 'Omar', null]),
      customerEmails: r.pick<string[]>([[], ['kim.lee@example.com']]),
    };
    const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== MISSING)) as Record<string, unknown>;
    const phones = (present.customerPhones as string[] | undefined) ?? [];
    const doc = {
      _id: `t-${String(i).padStart(3, '0')}`,
      ...present,
      ticketKeys: ticketKeys(present as { ticketNumber: number; ticketName: string | null }),
      searchText: ticketSearchText(present, { name: present.customerName as string | null, phones, emails: present.customerEmails as string[] }),
    };
    out.push(withSearchGrams(doc, 'searchText') as unknown as Ticket);
  }
  return out;
})();

const base: TicketCriteria = { accountId: 'acme', timestampKey: 'createdAt', sortOrder: 'desc' };

/** The ids matchesCriteria finds, in compareByCriteria's order: what every engine must answer. */
const expected = (c: TicketCriteria): string[] => tickets.filter((t) => matchesCriteria(c, t)).sort(compareByCriteria(c)).map((t) => t._id);

/** The ids MongoDB's semantics (mingo) find with the engine's filter and sort. */
const actual = (c: TicketCriteria): string[] =>
  new Query(ticketFilter(c), {}).find<Ticket>(tickets).sort(ticketSort(c)).all().map((t) => t._id);

interface Case {
  readonly title: string;
  readonly criteria: Partial<TicketCriteria>;
  /** The case is meant to match nothing (else the tickets must hold at least one match, so that the case shows something). */
  readonly none?: boolean;
}

const CASES: readonly Case[] = [
  { title: 'only the account, newest first', criteria: {} },
  { title: 'only the account, oldest first', criteria: { sortOrder: 'asc' } },
  { title: 'another account', criteria: { accountId: 'globex' } },
  { title: 'an account without tickets', criteria: { accountId: 'initech' }, none: true },
  { title: 'from on updatedAt (tickets without it are outside)', criteria: { timestampKey: 'updatedAt', from: TIMES[3] } },
  { title: 'from and to on resolvedAt, ascending', criteria: { timestampKey: 'resolvedAt', sortOrder: 'asc', from: TIMES[1], to: TIMES[5] } },
  { title: 'to alone on executedAt', criteria: { timestampKey: 'executedAt', to: TIMES[2] } },
  { title: 'bounds that meet on one instant, on assignedAt', criteria: { timestampKey: 'assignedAt', from: TIMES[4], to: TIMES[4] } },
  { title: 'sorted by assignedAt with nulls and missing ones', criteria: { timestampKey: 'assignedAt', sortOrder: 'asc' } },
  { title: 'createdAtMost (the export snapshot)', criteria: { createdAtMost: TIMES[3] } },
  { title: 'createdAtMost with a range on createdAt too', criteria: { createdAtMost: TIMES[4], from: TIMES[1], to: TIMES[6] } },
  { title: 'statuses', criteria: { statuses: ['open', 'closed'] } },
  { title: 'an empty statuses list', criteria: { statuses: [] }, none: true },
  { title: 'statusNot (a missing or null status is not it)', criteria: { statusNot: 'open' } },
  { title: 'statuses and statusNot together', criteria: { statuses: ['open', 'queued'], statusNot: 'open' } },
  { title: 'assignedToId', criteria: { assignedToId: 'a1' } },
  { title: 'unassigned (null or missing)', criteria: { unassigned: true } },
  { title: 'unassigned and an assignee', criteria: { unassigned: true, assignedToId: 'a1' }, none: true },
  { title: 'involvedAgentId in the list', criteria: { involvedAgentId: 'a2' } },
  { title: 'only_ai (an empty or missing list)', criteria: { agentInvolvement: 'only_ai' } },
  { title: 'agents_involved', criteria: { agentInvolvement: 'agents_involved' } },
  { title: 'createdByUserId', criteria: { createdByUserId: 'u2' } },
  { title: 'taskIds with "no task"', criteria: { taskIds: ['task-1', null] } },
  { title: 'taskIds of "no task" alone', criteria: { taskIds: [null] } },
  { title: 'an empty taskIds list', criteria: { taskIds: [] }, none: true },
  { title: 'taskTeamIds', criteria: { taskTeamIds: ['team-1', 'team-9'] } },
  { title: 'source', criteria: { source: 'manual' } },
  { title: 'one manual source label', criteria: { manualSourceLabels: ['Walk-in'] } },
  { title: 'the same label twice', criteria: { manualSourceLabels: ['Walk-in', 'Walk-in'] } },
  { title: 'two different labels', criteria: { manualSourceLabels: ['Walk-in', 'Phone desk'] }, none: true },
  { title: 'an empty labels list (no condition)', criteria: { manualSourceLabels: [] } },
  { title: 'source and label', criteria: { source: 'manual', manualSourceLabels: ['Phone desk'] } },
  { title: 'phones (one of the customer\'s)', criteria: { phones: ['+14155550102', '+919876543210'] } },
  { title: 'an empty phones list', criteria: { phones: [] }, none: true },
  { title: 'orderNames', criteria: { orderNames: ['#1001'] } },
  { title: 'ticketKeys by number and by name', criteria: { ticketKeys: ['1003', '1010', 'Kettle', 'VIP-20'] } },
  { title: 'category and subcategory', criteria: { category: 'billing', subcategory: 'refund' } },
  { title: 'sentiments', criteria: { sentiments: ['negative', 'neutral'] } },
  { title: 'withoutParent (null or missing)', criteria: { withoutParent: true } },
  { title: 'parentTicketId', criteria: { parentTicketId: 't-003' } },
  { title: 'withoutParent and a parent', criteria: { withoutParent: true, parentTicketId: 't-003' }, none: true },
  { title: 'a fragment of a gram or more', criteria: { searchFragments: ['refund'] } },
  { title: 'a fragment shorter than a gram', criteria: { searchFragments: ['ab'] } },
  { title: 'fragments with regex characters', criteria: { searchFragments: ['a.b*c (x)|y', 'a\\b^c$ d?e+f{1}'] } },
  { title: 'a regex character fragment that is not in any text', criteria: { searchFragments: ['a.c', '.*'] }, none: true },
  { title: 'long and short fragments together', criteria: { searchFragments: ['kettle', 'zq'] } },
  { title: 'a fragment across the fields of the search text', criteria: { searchFragments: ['kettle\u001f#100'] } },
  { title: 'non-ASCII fragments', criteria: { searchFragments: ['ünï', 'cødé'] } },
  { title: 'a fragment of a phone and an email', criteria: { searchFragments: ['9876543210', 'kim.lee@'] } },
  { title: 'an empty fragments list', criteria: { searchFragments: [] }, none: true },
  { title: 'an empty fragment (in every text)', criteria: { searchFragments: [''] } },
  {
    title: 'a combination of many fields, ascending by updatedAt',
    criteria: {
      timestampKey: 'updatedAt', sortOrder: 'asc', from: TIMES[0], statuses: ['open', 'assigned', 'closed', 'queued'], agentInvolvement: 'agents_involved',
      searchFragments: ['ref', 'kettle', 'or'],
    },
  },
  {
    title: 'another combination: phones, no task, no parent, text',
    criteria: { phones: ['+14155550101'], taskIds: [null, 'task-2'], withoutParent: true, searchFragments: ['e'], statusNot: 'closed' },
  },
];

describe('MongoDB ticket filter and sort (run by mingo over the writer\'s documents) agree with matchesCriteria and compareByCriteria', () => {
  it('given the test tickets, then they vary in every field the criteria read', () => {
    for (const field of ['status', 'updatedAt', 'assignedToId', 'involvedAgentIds', 'taskId', 'customerPhones', 'parentTicketId', 'sentiment']) {
      expect(tickets.some((t) => !(field in t)), `a ticket without ${field}`).to.equal(true);
      expect(tickets.some((t) => t[field] === null || (Array.isArray(t[field]) && (t[field] as unknown[]).length === 0)), `a ticket with an empty ${field}`).to.equal(true);
    }
    expect(tickets.every((t) => Array.isArray(t[GRAMS]))).to.equal(true);
  });

  for (const { title, criteria, none } of CASES) {
    it(`given the tickets, when filtered by ${title}, then the same tickets in the same order`, () => {
      const c: TicketCriteria = { ...base, ...criteria };
      const want = expected(c);
      expect(actual(c)).to.deep.equal(want);
      if (none === true) expect(want).to.deep.equal([]);
      else expect(want, 'the case matches some tickets').to.not.deep.equal([]);
    });
  }

  it('given 400 random combinations of criteria, when filtered, then the same tickets in the same order', () => {
    const r = seeded(11);
    const maybe = <A>(value: () => A): A | undefined => (r.next() < 0.25 ? value() : undefined);
    const some = <A>(pool: readonly A[]): A[] => pool.filter(() => r.next() < 0.4);
    let nonEmpty = 0;
    for (let i = 0; i < 400; i++) {
      const timestampKey = r.pick<TimestampKey>(['createdAt', 'updatedAt', 'resolvedAt', 'executedAt', 'assignedAt']);
      const candidate: Record<string, unknown> = {
        accountId: r.next() < 0.9 ? 'acme' : 'globex',
        timestampKey,
        sortOrder: r.pick(['asc', 'desc'] as const),
        from: maybe(() => r.pick(TIMES)),
        to: maybe(() => r.pick(TIMES)),
        createdAtMost: maybe(() => r.pick(TIMES)),
        statuses: maybe(() => some(['open', 'assigned', 'queued', 'closed', 'resolved_by_ai'])),
        statusNot: maybe(() => r.pick(['open', 'closed'])),
        assignedToId: maybe(() => r.pick(['a1', 'a2'])),
        unassigned: maybe(() => true),
        involvedAgentId: maybe(() => r.pick(['a1', 'a2'])),
        agentInvolvement: maybe(() => r.pick(['only_ai', 'agents_involved'] as const)),
        createdByUserId: maybe(() => r.pick(['u1', 'u2'])),
        taskIds: maybe(() => some<string | null>(['task-1', 'task-2', null])),
        taskTeamIds: maybe(() => some(['team-1', 'team-2'])),
        source: maybe(() => r.pick(['chatapp', 'manual', 'email'])),
        manualSourceLabels: maybe(() => some(['Walk-in', 'Phone desk'])),
        phones: maybe(() => some(['+14155550101', '+14155550102', '+919876543210'])),
        orderNames: maybe(() => some(['#1001', '#1002'])),
        ticketKeys: maybe(() => some(['1001', '1002', '1030', 'Kettle'])),
        category: maybe(() => r.pick(['billing', 'shipping'])),
        subcategory: maybe(() => r.pick(['refund', 'late'])),
        sentiments: maybe(() => some(['positive', 'negative', 'neutral'])),
        withoutParent: maybe(() => true),
        parentTicketId: maybe(() => r.pick(['t-003', 't-010'])),
        searchFragments: maybe(() => some(['re', 'refund', 'kettle', 'a.b', 'ü', 'order', '+1415', '(x)|y'])),
      };
      // Fewer conditions at once, so that many combinations still match some tickets.
      const c = Object.fromEntries(Object.entries(candidate).filter(([k, v]) => v !== undefined && (['accountId', 'timestampKey', 'sortOrder'].includes(k) || r.next() < 0.3))) as unknown as TicketCriteria;
      const want = expected(c);
      if (want.length > 0) nonEmpty += 1;
      expect(actual(c), JSON.stringify(c)).to.deep.equal(want);
    }
    expect(nonEmpty, 'combinations that match some tickets').to.be.greaterThan(150);
  });

  it('given fragments of a gram or more, then the filter asks the account\'s part of the gram index for every gram of each, beside the literal', () => {
    const filter = ticketFilter({ ...base, searchFragments: ['refund', 'ab'] });
    expect(filter.$or).to.deep.equal([
      { accountId: base.accountId, [GRAMS]: { $all: ['ref', 'efu', 'fun', 'und'] }, searchText: { $regex: 'refund' } },
      { accountId: base.accountId, searchText: { $regex: 'ab' } },
    ]);
  });

  it('given tickets stored without their grams, then a fragment of a gram or more finds none of them (the grams decide with the text)', () => {
    const c: TicketCriteria = { ...base, searchFragments: ['refund'] };
    const bare = tickets.map((t) => Object.fromEntries(Object.entries(t).filter(([k]) => k !== GRAMS)));
    expect(expected(c)).to.not.deep.equal([]);
    expect(new Query(ticketFilter(c), {}).find(bare).all()).to.deep.equal([]);
  });
});

/**
 * A stand-in for the driver's Db, over arrays of documents, with MongoDB's query and update
 * semantics from mingo: enough of the driver for MongoReadModels to run (find, findOne, count,
 * updateOne with upsert and its duplicate key, replaceOne, insertOne, deleteOne, drops). It shows
 * the engine's writes, guard, folding and queries against the SQLite engine, not the driver's calls.
 */
/** What BSON with ignoreUndefined sends: object fields holding undefined left out, at any depth. */
const sent = <T>(value: T): T => {
  if (Array.isArray(value)) return value.map(sent) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, sent(v)])) as T;
};

/** A driver cursor's reading methods over found documents, in batches of batchSize as the server sends them. */
class FakeCursor {
  private buffer: Record<string, unknown>[] = [];

  constructor(private rest: Record<string, unknown>[], private readonly batchSize = 101) {}

  async toArray() {
    const all = [...this.buffer, ...this.rest];
    this.buffer = [];
    this.rest = [];
    return all;
  }

  async next() {
    if (this.buffer.length === 0) this.buffer = this.rest.splice(0, this.batchSize);
    return this.buffer.shift() ?? null;
  }

  readBufferedDocuments(n?: number) {
    return this.buffer.splice(0, n ?? this.buffer.length);
  }

  async close() {
    this.buffer = [];
    this.rest = [];
  }
}

class FakeCollection {
  docs: Record<string, unknown>[] = [];

  constructor(readonly collectionName: string) {}

  private matching(filter: Record<string, unknown>): Record<string, unknown>[] {
    return new Query(filter, {}).find<Record<string, unknown>>(this.docs).all();
  }

  private project(doc: Record<string, unknown>, projection?: Record<string, 0 | 1>): Record<string, unknown> {
    if (projection === undefined) return structuredClone(doc);
    return new Query({}, {}).find<Record<string, unknown>>([structuredClone(doc)], projection).all()[0];
  }

  find(
    filter: Record<string, unknown>,
    options: { sort?: Record<string, 1 | -1>; skip?: number; limit?: number; projection?: Record<string, 0 | 1>; batchSize?: number } = {},
  ) {
    let cursor = new Query(filter, {}).find<Record<string, unknown>>(this.docs);
    if (options.sort !== undefined) cursor = cursor.sort(options.sort);
    if (options.skip !== undefined) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return new FakeCursor(cursor.all().map((d) => this.project(d, options.projection)), options.batchSize);
  }

  async findOne(filter: Record<string, unknown>, options: { projection?: Record<string, 0 | 1> } = {}) {
    const found = this.matching(filter)[0];
    return found === undefined ? null : this.project(found, options.projection);
  }

  async countDocuments(filter: Record<string, unknown>) {
    return this.matching(filter).length;
  }

  private insert(doc: Record<string, unknown>): void {
    if (this.docs.some((d) => d._id === doc._id)) throw Object.assign(new Error('E11000 duplicate key error'), { code: 11000 });
    this.docs.push(doc);
  }

  /** An update pipeline ($$NOW and expressions, the declare lease's) or update operators, applied to a document in place. */
  private static changed(doc: Record<string, unknown>, modifier: Record<string, unknown> | Record<string, unknown>[]): Record<string, unknown> {
    if (!Array.isArray(modifier)) {
      update(doc, modifier as Record<string, Record<string, unknown>>);
      return doc;
    }
    const [next] = new Aggregator(modifier).run([structuredClone(doc)]) as Record<string, unknown>[];
    for (const key of Object.keys(doc)) delete doc[key];
    return Object.assign(doc, next);
  }

  async findOneAndUpdate(filter: Record<string, unknown>, modifier: Record<string, unknown>[], options: { upsert?: boolean } = {}) {
    const found = this.matching(filter)[0];
    if (found !== undefined) return structuredClone(FakeCollection.changed(found, modifier));
    if (options.upsert !== true) return null;
    const doc = FakeCollection.changed({ _id: filter._id }, modifier);
    this.insert(doc);
    return structuredClone(doc);
  }

  async updateOne(filter: Record<string, unknown>, modifier: Record<string, Record<string, unknown>>, options: { upsert?: boolean } = {}) {
    if (Array.isArray(modifier)) {
      const found = this.matching(filter)[0];
      if (found !== undefined) FakeCollection.changed(found, modifier);
      return { matchedCount: found === undefined ? 0 : 1 };
    }
    const { $setOnInsert, ...rest } = sent(modifier);
    const found = this.matching(filter)[0];
    if (found !== undefined) {
      update(found, rest);
      return { matchedCount: 1 };
    }
    if (options.upsert !== true) return { matchedCount: 0 };
    const doc: Record<string, unknown> = { _id: filter._id };
    update(doc, { ...rest, $set: { ...($setOnInsert ?? {}), ...(rest.$set ?? {}) } });
    this.insert(doc);
    return { matchedCount: 0 };
  }

  async updateMany(filter: Record<string, unknown>, modifier: Record<string, Record<string, unknown>>) {
    for (const doc of this.matching(filter)) update(doc, modifier);
  }

  async replaceOne(filter: Record<string, unknown>, replacement: Record<string, unknown>) {
    const found = this.matching(filter)[0];
    if (found !== undefined) this.docs[this.docs.indexOf(found)] = sent(replacement);
  }

  async insertOne(doc: Record<string, unknown>) {
    this.insert(sent(doc));
  }

  async deleteOne(filter: Record<string, unknown>) {
    const found = this.matching(filter)[0];
    if (found !== undefined) this.docs.splice(this.docs.indexOf(found), 1);
  }

  /** The indexes as listIndexes describes them: `_id_`, then those made, in order. */
  indexList: { name: string; key: Record<string, unknown> }[] = [{ name: '_id_', key: { _id: 1 } }];

  async createIndexes(specs: { name?: string; key: Record<string, unknown> }[]) {
    for (const spec of specs) {
      const same = this.indexList.find((i) => i.name === spec.name);
      if (same !== undefined && JSON.stringify(same.key) !== JSON.stringify(spec.key)) throw Object.assign(new Error('Index already exists with a different key'), { code: 86 });
      if (same === undefined) this.indexList.push({ name: spec.name as string, key: spec.key });
    }
    return specs.map((spec) => spec.name);
  }

  async indexes() {
    return structuredClone(this.indexList);
  }

  async dropIndex(name: string) {
    this.indexList = this.indexList.filter((i) => i.name !== name);
  }
}

class FakeDb {
  readonly databaseName = 'fake';
  readonly collections = new Map<string, FakeCollection>();

  collection(name: string): FakeCollection {
    let c = this.collections.get(name);
    if (c === undefined) this.collections.set(name, (c = new FakeCollection(name)));
    return c;
  }

  async dropCollection(name: string) {
    this.collections.delete(name);
  }

  async dropDatabase() {
    this.collections.clear();
  }
}

const SHAPE: ReadModelShape = {
  name: 'things',
  version: 1,
  collections: {
    things: { fields: ['num', 's', 'list', 'text'], lists: ['list'], indexes: [{ name: 'n_s', fields: ['num', 's'] }], search: 'text' },
  },
};

let sqliteDir: string | undefined;
let sqliteFiles = 0;

/** SQLite read models in a file of their own, in a temporary directory removed when the process exits. */
const tempSqlite = (): SqliteReadModels => {
  if (sqliteDir === undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mongo-vs-sqlite-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    sqliteDir = dir;
  }
  sqliteFiles += 1;
  return SqliteReadModels.open(path.join(sqliteDir, `read-models-${sqliteFiles}.sqlite`));
};

const fakeMongo = (): { readModels: MongoReadModels; db: FakeDb } => {
  const db = new FakeDb();
  return { readModels: new MongoReadModels({} as unknown as MongoClient, db as unknown as Db), db };
};

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });

/** Random events of one to three writes over a few documents: sets (undefined included), minimums, upserts, removals, a document written twice in one event. */
const randomEvents = (seed: number, count: number): DocumentWrite[][] => {
  const r = seeded(seed);
  const ids = ['d1', 'd2', 'd3', 'd4', 'd5'];
  const write = (): DocumentWrite => {
    const id = r.pick(ids);
    if (r.next() < 0.12) return { collection: 'things', id, set: {}, remove: true };
    const set: Record<string, unknown> = {};
    if (r.next() < 0.6) set.num = Math.floor(r.next() * 10);
    if (r.next() < 0.5) set.s = r.pick(['a', 'b', 'c', null]);
    if (r.next() < 0.4) set.list = r.pick([[], ['x'], ['x', 'y'], ['z']]);
    if (r.next() < 0.4) set.text = r.pick(['kettle leaking', 'refund', 'ab', null]);
    if (r.next() < 0.1) set.s = undefined;
    if (r.next() < 0.1) set.nested = { a: r.pick([1, 2]), b: undefined };
    const min = r.next() < 0.3 ? { m: Math.floor(r.next() * 10) } : undefined;
    return { collection: 'things', id, set, ...(min !== undefined ? { min } : {}), upsert: r.next() < 0.7 };
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(r.next() * 3) }, write));
};

const applyEvents = async (readModels: ReadModels, events: readonly DocumentWrite[][], from: number, to: number, failAfter?: number): Promise<void> =>
  readModels.applyBatch('things', at(to), async (batch) => {
    for (let i = from; i <= to; i++) {
      if (failAfter !== undefined && i > failAfter) throw new Error('crash');
      await batch.write(at(i), events[i - 1]);
    }
  });

const everything = (readModels: ReadModels) => readModels.find('things', { where: {} });

describe('MongoReadModels over a stand-in for the driver (mingo) agree with SqliteReadModels', () => {
  it('given random events applied in batches, then the same documents, without the internal fields, and the same checkpoint', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const events = randomEvents(seed, 40);
      const sqlite = tempSqlite();
      const { readModels: mongo, db } = fakeMongo();
      for (const engine of [sqlite, mongo]) {
        await engine.declare([SHAPE]);
        for (let from = 1; from <= 40; from += 8) await applyEvents(engine, events, from, from + 7);
      }
      expect(await everything(mongo), `seed ${seed}`).to.deep.equal(await everything(sqlite));
      expect(await mongo.checkpoint('things')).to.deep.equal(at(40));
      // The stored documents carry the guard and the grams of their text.
      for (const doc of db.collection('things').docs) {
        expect(doc._appliedPosition).to.match(/^\d{20}\/\d{20}$/);
        if (typeof doc.text === 'string') expect(doc[GRAMS]).to.deep.equal([...new Set(Array.from({ length: Math.max(0, doc.text.length - 2) }, (_, i) => (doc.text as string).slice(i, i + 3)))]);
        else expect(doc[GRAMS] ?? []).to.deep.equal([]);
      }
      await sqlite.close();
    }
  });

  it('given a batch that failed part-way and batches replayed from an older checkpoint, when replayed, then the documents are as if each event was applied once', async () => {
    for (const seed of [11, 12, 13, 14]) {
      const events = randomEvents(seed, 30);
      const sqlite = tempSqlite();
      const { readModels: mongo } = fakeMongo();
      await sqlite.declare([SHAPE]);
      await applyEvents(sqlite, events, 1, 30);
      await mongo.declare([SHAPE]);
      await applyEvents(mongo, events, 1, 10);
      await applyEvents(mongo, events, 11, 30, 22).catch(() => undefined); // a crash after event 22's writes, before the checkpoint
      expect(await mongo.checkpoint('things')).to.deep.equal(at(10));
      await applyEvents(mongo, events, 11, 30); // the replay from the checkpoint
      await applyEvents(mongo, events, 5, 30); // and again from further back: every write a no-op
      expect(await everything(mongo), `seed ${seed}`).to.deep.equal(await everything(sqlite));
      await sqlite.close();
    }
  });

  it('given a projection that reads what it adds to, when its batch is replayed after a crash, then nothing is counted twice', async () => {
    const counting = (readModels: ReadModels, from: number, to: number, failAfter?: number) =>
      readModels.applyBatch('things', at(to), async (batch) => {
        for (let i = from; i <= to; i++) {
          if (failAfter !== undefined && i > failAfter) throw new Error('crash');
          const id = `c${i % 3}`;
          const current = await batch.get<{ _id: string; num?: number }>('things', id);
          const others = await batch.find('things', { list: 'seen' });
          await batch.write(at(i), [{ collection: 'things', id, set: { num: (current?.num ?? 0) + 1, list: ['seen'], s: `${others.length}` }, upsert: true }]);
        }
      });
    const sqlite = tempSqlite();
    const { readModels: mongo } = fakeMongo();
    await sqlite.declare([SHAPE]);
    await counting(sqlite, 1, 20);
    await mongo.declare([SHAPE]);
    await counting(mongo, 1, 5);
    await counting(mongo, 6, 20, 14).catch(() => undefined);
    await counting(mongo, 6, 20);
    expect(await everything(mongo)).to.deep.equal(await everything(sqlite));
    expect((await everything(mongo)).map((d) => d.num)).to.deep.equal([6, 7, 7]);
    await sqlite.close();
  });

  it('given documents, when found by field matches, sorted, skipped and limited, and counted, then the same answers', async () => {
    const sqlite = tempSqlite();
    const { readModels: mongo } = fakeMongo();
    const docs = Array.from({ length: 30 }, (_, i) => ({
      id: `d${String(i).padStart(2, '0')}`,
      set: { num: i % 7, s: ['a', 'b', null][i % 3], list: [[], ['x'], ['x', 'y'], ['z']][i % 4], ...(i % 5 === 0 ? {} : { t: `2026-0${1 + (i % 6)}` }) },
    }));
    for (const engine of [sqlite, mongo]) {
      await engine.declare([SHAPE]);
      await engine.applyBatch('things', at(1), (batch) => batch.write(at(1), docs.map((d) => ({ collection: 'things', ...d, upsert: true }))));
    }
    const queries: DocumentQuery[] = [
      { where: {} },
      { where: { num: 3 } },
      { where: { s: null } },
      { where: { s: { ne: 'a' } } },
      { where: { list: 'x' } },
      { where: { list: { ne: 'x' } } },
      { where: { num: { gte: 2, lt: 5 } }, sort: { num: -1 } },
      { where: { t: { gt: '2026-03' } }, sort: { t: 1 } },
      { where: { t: null } },
      { where: { num: { gt: 'a' } } },
      { where: { s: 'b', num: { lte: 4 } }, sort: { s: 1, num: -1 }, skip: 2, limit: 3 },
      { where: {}, sort: { t: -1 }, skip: 5, limit: 10 },
      { where: {}, sort: { t: 1 }, limit: 0 },
      { where: { _id: { gte: 'd10' } }, sort: { _id: -1 }, limit: 4 },
      { where: { num: {} } },
    ];
    for (const q of queries) {
      expect(await mongo.find('things', q), JSON.stringify(q)).to.deep.equal(await sqlite.find('things', q));
      expect(await mongo.count('things', q.where), JSON.stringify(q)).to.equal(await sqlite.count('things', q.where));
    }
    expect(await mongo.get('things', 'd03')).to.deep.equal(await sqlite.get('things', 'd03'));
    expect(await mongo.get('things', 'nope')).to.equal(null);
    await sqlite.close();
  });

  it('given a declared read model, when declared again with another version, then it is emptied and its checkpoint forgotten; dropAll empties every one', async () => {
    const { readModels: mongo, db } = fakeMongo();
    await mongo.declare([SHAPE]);
    await applyEvents(mongo, randomEvents(21, 5), 1, 5);
    await mongo.declare([SHAPE]);
    expect(await mongo.checkpoint('things')).to.deep.equal(at(5));
    expect(db.collection('things').docs).to.not.deep.equal([]);
    await mongo.declare([{ ...SHAPE, version: 2 }]);
    expect(await mongo.checkpoint('things')).to.equal(null);
    expect(db.collection('things').docs).to.deep.equal([]);
    await applyEvents(mongo, randomEvents(21, 5), 1, 5);
    await mongo.dropAll();
    expect(await mongo.checkpoint('things')).to.equal(null);
    expect(db.collection('things').docs).to.deep.equal([]);
  });

  it('given a write to a collection no read model declares, then the batch fails before writing', async () => {
    const { readModels: mongo, db } = fakeMongo();
    await mongo.declare([SHAPE]);
    const writes: DocumentWrite[] = [{ collection: 'things', id: 'a', set: { num: 1 }, upsert: true }, { collection: 'other', id: 'b', set: {}, upsert: true }];
    let failure: unknown;
    await mongo.applyBatch('things', at(1), (batch) => batch.write(at(1), writes)).catch((e) => (failure = e));
    expect(String(failure)).to.match(/No read model declares the collection "other"/);
    expect(db.collection('things').docs).to.deep.equal([]);
  });
});

/**
 * The ReadModels contract, every test of it, run by the MongoDB engine over the stand-in: what the
 * engine makes of the port (filters, sorts, guarded and folded writes, checkpoints, declares, the
 * tickets' pages and streams) without a server. The contract also runs on a real server when
 * MONGODB_URL is set (contracts/read-models.engines.test.ts).
 */
const fakeDbs = new WeakMap<ReadModels, FakeDb>();

readModelsContract({
  name: 'MongoDB engine over a mingo stand-in for the driver',
  open: async () => {
    const { readModels, db } = fakeMongo();
    fakeDbs.set(readModels, db);
    return readModels;
  },
  holdDeclareLock: (models, ms) => holdMongoLease(fakeDbs.get(models) as FakeDb, ms),
  openBeside: async (models) => new MongoReadModels({} as unknown as MongoClient, fakeDbs.get(models) as unknown as Db),
});
