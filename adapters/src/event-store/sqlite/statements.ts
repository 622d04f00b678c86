import Database from 'better-sqlite3';
import { EVENT_COLUMNS, EventRow } from './event-row';

/** Every statement of the store, prepared once when it opens (except the subscriptions' own filters, see allRange). */
export class EventStatements {
  /** Last revision of a stream, null when it has none. */
  readonly lastRevision: Database.Statement<[string], { last: number | null }>;
  /** Position of one event of a stream. */
  readonly positionOf: Database.Statement<[string, number], { position: number }>;
  /** Ids of up to `count` events of a stream from a revision on: what a retried append is compared with. */
  readonly idsFrom: Database.Statement<[string, number, number], { event_id: string; revision: number; position: number }>;
  readonly insert: Database.Statement<[string, number, string, string, string, string, number]>;
  readonly forwards: Database.Statement<[string, number, number], EventRow>;
  readonly backwards: Database.Statement<[string, number, number], EventRow>;
  private readonly ranges = new Map<number, Database.Statement<unknown[], EventRow>>();

  constructor(private readonly db: Database.Database) {
    this.lastRevision = db.prepare('SELECT max(revision) AS last FROM events WHERE stream_name = ?');
    this.positionOf = db.prepare('SELECT position FROM events WHERE stream_name = ? AND revision = ?');
    this.idsFrom = db.prepare(
      'SELECT event_id, revision, position FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision LIMIT ?',
    );
    this.insert = db.prepare(
      // Positions number the events from 0, as the log of earlier versions did (an imported log keeps its own).
      'INSERT INTO events (position, stream_name, revision, event_id, type, data, metadata, created) VALUES ((SELECT coalesce(max(position) + 1, 0) FROM events), ?, ?, ?, ?, ?, ?, ?)',
    );
    this.forwards = db.prepare<[string, number, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    ).raw(true);
    this.backwards = db.prepare<[string, number, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
    ).raw(true);
  }

  /**
   * The events after position `after` up to `upTo` (inclusive), in order, of streams starting with
   * one of `prefixes` (all streams when none). The filter runs in SQLite, so events left out are
   * never copied nor parsed. One statement per number of prefixes, prepared on first use.
   */
  allRange(after: number, upTo: number, prefixes: readonly string[]): EventRow[] {
    let statement = this.ranges.get(prefixes.length);
    if (!statement) {
      const filter = prefixes.map(() => 'substr(stream_name, 1, length(?)) = ?').join(' OR ');
      statement = this.db.prepare<unknown[], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? AND position <= ?${filter ? ` AND (${filter})` : ''} ORDER BY position`,
      ).raw(true);
      this.ranges.set(prefixes.length, statement);
    }
    return statement.all(after, upTo, ...prefixes.flatMap((p) => [p, p]));
  }
}
