import Database from 'better-sqlite3';
import { Position, RecordedEvent } from '@support/domain';
import { EVENT_COLUMNS, EventRow, recordedEventOf } from './event-row';

/**
 * The embedded log's file read directly, read only, for the offline audit (`npm run verify`): the
 * events of a range of positions in order, streamed (one row at a time), one event by position,
 * and the stream a removed event left a gap in.
 */
export class OfflineEventLog {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
    this.statements = {
      range: this.db.prepare<[], [number | null, number | null]>('SELECT min(position), max(position) FROM events').raw(true),
      rows: this.db.prepare<[number, number], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? AND position <= ? ORDER BY position`).raw(true),
      event: this.db.prepare<[number], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE position = ?`).raw(true),
    };
  }

  /** The first and last positions of the log now (null when it is empty). */
  positions(): { readonly first: number; readonly last: number } | null {
    const [first, last] = this.statements.range.get() ?? [null, null];
    return first === null || last === null ? null : { first, last };
  }

  /** The stored rows after `after` up to `upTo` (inclusive), in position order, read at once (a range is small). */
  rows(after: number, upTo: number): EventRow[] {
    return this.statements.rows.all(after, upTo);
  }

  eventAt(position: Position): RecordedEvent | null {
    const row = this.statements.event.get(Number(position.commit));
    return row === undefined ? null : recordedEventOf(row);
  }

  /**
   * The first event after a position whose stream lacks the revision before it: where an event
   * removed at that position was (null when it was the last of its stream).
   */
  gapAfter(position: bigint): { streamName: string; revision: number } | null {
    const row = this.db.prepare<[bigint], { stream_name: string; revision: number }>(
      `SELECT stream_name, revision FROM events e WHERE position > ? AND revision > 0
         AND NOT EXISTS (SELECT 1 FROM events p WHERE p.stream_name = e.stream_name AND p.revision = e.revision - 1)
       ORDER BY position LIMIT 1`,
    ).get(position);
    return row === undefined ? null : { streamName: row.stream_name, revision: row.revision - 1 };
  }

  close(): void {
    this.db.close();
  }
}
