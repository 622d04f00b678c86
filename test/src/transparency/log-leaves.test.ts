import path from 'node:path';
import { expect } from 'chai';
import canonicalize from 'canonicalize';
import Database from 'better-sqlite3';
import { logLeaves, SqliteEventStore } from '@support/adapters';
import { positionToString, RecordedEvent } from '@support/domain';
import { eventRecord, hashLeaf, LogLeaf } from '@support/event-sourcing';
import { makeTempDir } from '../event-store/sqlite-engine';

/** The leaf hash of an event as an auditor computes it from the feed's JSON line: canonicalize (RFC 8785), UTF-8, RFC 9162's leaf hash. */
const auditorLeafHash = (e: RecordedEvent) => hashLeaf(Buffer.from(canonicalize(JSON.parse(JSON.stringify(eventRecord(e)))) as string, 'utf8'));

describe('transparency: the log\'s leaves recomputed by several threads (npm run verify)', function () {
  this.timeout(60_000);

  it('given a log with a gap, when three threads hash it a few positions at a time, then the leaves come in log order, each the auditor\'s hash of its event', async () => {
    // given: 200 events over 9 streams, and the event at position 57 deleted from the file
    const temp = await makeTempDir();
    const file = path.join(temp.dir, 'events.sqlite');
    const log = SqliteEventStore.open({ file });
    for (let i = 0; i < 200; i++) {
      await log.appendToStream(`ticket-${i % 9}`, [{ id: `e-${i}`, type: 'TicketNoted', data: { n: i, note: `note ${i} ☕`, amount: i / 8 }, metadata: { version: 1, accountId: 'acme' } }], { expectedRevision: 'any' });
    }
    await log.close();
    const db = new Database(file);
    db.prepare('DELETE FROM events WHERE position = 57').run();
    const events = db.prepare<[], { position: number }>('SELECT position FROM events ORDER BY position').all();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const reopened = SqliteEventStore.open({ file });
    const expected: { position: string; hash: string }[] = [];
    for await (const event of reopened.subscribeToAll({ fromPosition: 'start' })) {
      expected.push({ position: positionToString(event.position), hash: auditorLeafHash(event).toString('hex') });
      if (expected.length === events.length) break;
    }
    await reopened.close();
    // when
    const chunks: (readonly LogLeaf[])[] = [];
    for await (const chunk of logLeaves(file, { threads: 3, chunkPositions: 7 })) chunks.push(chunk);
    // then
    const leaves = chunks.flat().map((leaf) => ({ position: positionToString(leaf.position), hash: leaf.hash.toString('hex') }));
    expect(leaves).to.have.length(199);
    expect(leaves).to.deep.equal(expected);
    expect(leaves.map((l) => l.position)).not.to.include('57/57');
    await temp.remove();
  });
});
