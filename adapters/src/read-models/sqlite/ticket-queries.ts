import { pageWindow, positionFromString, ReadDocument, reversedCriteria, TicketCriteria, TicketPage, TicketSnapshot } from '@support/domain';
import { ReaderStatements } from './statements';
import { GramFrequencies } from './gram-frequencies';
import { accountSearchTable } from './search-tables';
import {
  countsQuery, criteriaOrder, criteriaWhere, ftsString, indexable, NARROWING, SearchAccess, SearchIndex, TICKETS_TABLE,
} from './ticket-criteria-sql';
import { searchPendingTable, TableLayout } from './table-layout';
import { periodCountsTable } from './period-counts';
import { coverRange, WholePeriods } from '../period-cover';
import { joinAnd, SqlPart } from './field-match-sql';
import { quoted } from './sql-values';

/**
 * What meeting a search's rows costs, in microseconds (measured on 400,000 desk tickets, see
 * docs/performance.md): reading a match by its row number for the sort; reading the index's
 * match list once for a walk; passing a ticket of the walk by the table's index; passing it by
 * reading its text. The search meets its rows the cheapest way for its number of matches.
 */
const COST_US = { probedMatch: 5, listedMatch: 0.3, passedByIndex: 0.2, passedByText: 2.5 } as const;

const pick = <T extends ReadDocument>(doc: Record<string, unknown>, fields: readonly string[]): T => {
  const out: Record<string, unknown> = { _id: doc._id };
  for (const f of fields) if (f in doc) out[f] = doc[f];
  return out as T;
};

/** What a total over a date range may narrow by besides the range and the status, to be read from the period counts: nothing. */
const RANGE_FIELDS: readonly (keyof TicketCriteria)[] = ['from', 'to', 'createdAtMost'];

/** The criteria search by fragments the index can look up and narrow by nothing else: the index alone counts them. */
const searchOnly = (c: TicketCriteria): boolean =>
  c.searchFragments !== undefined && c.searchFragments.length > 0 && c.searchFragments.every(indexable)
  && c.statuses === undefined && c.statusNot === undefined && NARROWING.every((k) => k === 'searchFragments' || c[k] === undefined);

/**
 * The list's pages and counts over the tickets table, run on one connection (a reader thread's:
 * see ReaderPool). Synchronous: a reader thread runs one query at a time.
 *
 * A search is counted from the account's FTS5 table (and the few texts waiting for it) when it
 * narrows by nothing else, without reading a ticket's row; its page is read by walking the
 * account's tickets in the list's order when its matches are many (a page of a fragment that one
 * ticket in twenty holds is found after some hundreds), by reading its matches when they are few.
 */
export class TicketQueries {
  private readonly frequencies: GramFrequencies;
  private readonly index: SearchIndex;

  constructor(private readonly reads: ReaderStatements) {
    this.frequencies = new GramFrequencies(reads, quoted(TICKETS_TABLE), quoted('searchText'));
    this.index = {
      tableOf: (accountId) => accountSearchTable(reads, TICKETS_TABLE, accountId),
      plan: (fragment) => this.frequencies.lookup(fragment),
    };
  }

  /**
   * A page's documents. A search's matches met by row number are put in order by their keys alone,
   * and only the page's documents read (each match's whole document would otherwise go through the sort).
   */
  private rows<T extends ReadDocument>(c: TicketCriteria, skip: number, limit: number, fields: readonly string[], access: SearchAccess): T[] {
    const where = criteriaWhere(c, this.index, access);
    const table = quoted(TICKETS_TABLE);
    const order = criteriaOrder(c);
    const page = `WHERE ${where.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}`;
    const sorted = c.searchFragments !== undefined && access === 'probe';
    const sql = sorted ? `SELECT doc FROM ${table} WHERE n IN (SELECT n FROM ${table} ${page}) ORDER BY ${order}` : `SELECT doc FROM ${table} ${page}`;
    return (this.reads.get(sql).all(...where.params) as { doc: string }[]).map((r) => pick<T>(JSON.parse(r.doc) as Record<string, unknown>, fields));
  }

  /**
   * The first page is read first: when it is not full it holds every match, and no count is needed.
   * Other pages count first, then read the page from the nearer end (pageWindow).
   */
  page<T extends ReadDocument>(c: TicketCriteria, page: number, limit: number, fields: readonly string[], layout: TableLayout): TicketPage<T> {
    const matches = this.searchMatches(c);
    const access = (skip: number): SearchAccess => this.access(c, matches, skip + limit);
    if (page === 1) {
      const docs = this.rows<T>(c, 0, limit, fields, access(0));
      return { docs, total: docs.length < limit ? docs.length : searchOnly(c) ? (matches as number) : this.count(c, layout) };
    }
    const total = searchOnly(c) ? (matches as number) : this.count(c, layout);
    const window = pageWindow(total, page, limit);
    if (window === null) return { docs: [], total };
    if (!window.reversed) return { docs: this.rows<T>(c, window.skip, window.limit, fields, access(window.skip)), total };
    return { docs: this.rows<T>(reversedCriteria(c), window.skip, window.limit, fields, access(window.skip)).reverse(), total };
  }

  /**
   * From the counts kept per account and status, the search index, or the counts kept per period,
   * when the criteria narrow by nothing else; else counted.
   */
  count(c: TicketCriteria, layout: TableLayout): number {
    if (searchOnly(c)) return this.searchMatches(c) as number;
    const kept = countsQuery(c);
    if (kept !== null) {
      const total = (this.reads.get(kept.sql).get(...kept.params) as { total: number }).total;
      const minus = kept.minus === undefined ? 0 : (this.reads.get(kept.minus.sql).get(...kept.minus.params) as { total: number }).total;
      return total - minus;
    }
    return this.rangeCount(c, layout) ?? this.counted(c);
  }

  /**
   * The total and the read model's checkpoint, read in one snapshot: the tickets counted are exactly
   * those created up to the checkpoint (the batches apply the log in order, each with its
   * checkpoint), so the count needs no bound by position (and keeps the counts kept per period).
   */
  countAt(c: TicketCriteria, layout: TableLayout, readModel: string): TicketSnapshot {
    return this.reads.inSnapshot(() => {
      const row = this.reads.get('SELECT checkpoint FROM read_models WHERE name = ?').get(readModel) as { checkpoint: string | null } | undefined;
      return { total: this.count(c, layout), position: row?.checkpoint ? positionFromString(row.checkpoint) : null };
    });
  }

  /** Every match visited. */
  private counted(c: TicketCriteria): number {
    const where = criteriaWhere(c, this.index);
    return (this.reads.get(`SELECT count(*) AS n FROM ${quoted(TICKETS_TABLE)} WHERE ${where.sql}`).get(...where.params) as { n: number }).n;
  }

  /**
   * A total over a date range of a period-counted timestamp, narrowed by status at most: the days,
   * hours and minutes the range covers whole from the period counts, its first and last minute
   * counted (null: the criteria do not allow it).
   */
  private rangeCount(c: TicketCriteria, layout: TableLayout): number | null {
    if (!layout.countedByTime.includes(c.timestampKey) || NARROWING.some((k) => !RANGE_FIELDS.includes(k) && c[k] !== undefined)) return null;
    const [account, ...others] = layout.countedBy;
    if (account !== 'accountId' || others.some((k) => k !== 'status' && k !== 'slaState')) return null;
    if (c.createdAtMost !== undefined && c.timestampKey !== 'createdAt') return null;
    const to = c.createdAtMost !== undefined && (c.to === undefined || c.createdAtMost < c.to) ? c.createdAtMost : c.to;
    if (c.from === undefined && to === undefined) return null;
    const cover = coverRange(c.from, to);
    if (cover === null) return null;
    if (c.statuses !== undefined && c.statuses.length === 0) return 0;
    const base: TicketCriteria = { ...c, from: undefined, to: undefined, createdAtMost: undefined };
    let total = 0;
    for (const edge of cover.edges) total += this.counted({ ...base, from: edge.from ?? undefined, to: edge.to ?? undefined });
    for (const whole of cover.whole) total += this.periodSum(c, whole);
    return total;
  }

  /** The tickets of whole periods of one span, from the period counts (narrowed by status as the criteria say). */
  private periodSum(c: TicketCriteria, whole: WholePeriods): number {
    const where: SqlPart[] = [{ sql: `${quoted('accountId')} = ? AND stamp = ? AND span = ?`, params: [c.accountId, c.timestampKey, whole.span] }];
    if (whole.after !== null) where.push({ sql: 'period > ?', params: [whole.after] });
    if (whole.before !== null) where.push({ sql: 'period < ?', params: [whole.before] });
    if (c.statuses !== undefined) where.push({ sql: `${quoted('status')} IN (${c.statuses.map(() => '?').join(', ')})`, params: c.statuses });
    if (c.statusNot !== undefined) where.push({ sql: `${quoted('status')} IS NOT ?`, params: [c.statusNot] });
    const periods = joinAnd(where);
    return (this.reads.get(`SELECT coalesce(sum(n), 0) AS n FROM ${quoted(periodCountsTable(TICKETS_TABLE))} WHERE ${periods.sql}`).get(...periods.params) as { n: number }).n;
  }

  exists(c: TicketCriteria): boolean {
    const where = criteriaWhere(c, this.index);
    return this.reads.get(`SELECT 1 FROM ${quoted(TICKETS_TABLE)} WHERE ${where.sql} LIMIT 1`).get(...where.params) !== undefined;
  }

  /**
   * The account's tickets whose text holds one of the search's fragments, from the index and the
   * texts waiting for it (null: no search, or a fragment too short for the index). Exactly the
   * total of a search that narrows by nothing else; more than the total of one that does.
   */
  private searchMatches(c: TicketCriteria): number | null {
    const fragments = c.searchFragments;
    if (fragments === undefined || fragments.length === 0 || !fragments.every(indexable)) return null;
    const table = this.index.tableOf(c.accountId);
    const indexed = table === null ? 0
      : (this.reads.get(`SELECT count(*) AS n FROM ${quoted(table)} WHERE text MATCH ?`).get(fragments.map(ftsString).join(' OR ')) as { n: number }).n;
    const holds = fragments.map(() => `instr(t.${quoted('searchText')}, ?) > 0`).join(' OR ');
    // CROSS JOIN keeps the waiting texts (a few thousand at most) first: the planner would otherwise walk the account's tickets.
    const pending = (this.reads.get(`SELECT count(*) AS n FROM ${quoted(searchPendingTable(TICKETS_TABLE))} p CROSS JOIN ${quoted(TICKETS_TABLE)} t ON t.n = p.n WHERE t.${quoted('accountId')} = ? AND (${holds})`)
      .get(c.accountId, ...fragments) as { n: number }).n;
    return indexed + pending;
  }

  /**
   * The cheapest access for a page ending at `rows`, the tickets a walk passes estimated at the
   * account's share of matches.
   */
  private access(c: TicketCriteria, matches: number | null, rows: number): SearchAccess {
    if (matches === null || matches === 0) return 'probe';
    const passed = (rows * this.accountTickets(c.accountId)) / matches;
    const costs: readonly (readonly [SearchAccess, number])[] = [
      ['probe', matches * COST_US.probedMatch],
      ['walk', matches * COST_US.listedMatch + passed * COST_US.passedByIndex],
      ['walkTexts', passed * COST_US.passedByText],
    ];
    return costs.reduce((best, next) => (next[1] < best[1] ? next : best))[0];
  }

  private accountTickets(accountId: string): number {
    const kept = countsQuery({ accountId, timestampKey: 'createdAt', sortOrder: 'desc' }) as NonNullable<ReturnType<typeof countsQuery>>;
    return (this.reads.get(kept.sql).get(...kept.params) as { total: number }).total;
  }
}
