import Database from 'better-sqlite3';
import { RecordedEvent } from '@support/domain';
import { EVENT_COLUMNS, EventRow, recordedEventOf } from './event-row';

/**
 * The embedded log's file read directly, read only, for the offline audit (`npm run verify`): every
 * event in position order, streamed (one row at a time), and the stream a removed event left a gap in.
 */
export class OfflineEventLog {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
  }

  *events(): Iterable<RecordedEvent> {
    const rows = this.db.prepare<[], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events ORDER BY position`).raw(true);
    for (const row of rows.iterate()) yield recordedEventOf(row);
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
