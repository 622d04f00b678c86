import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { EventData, EventMetadata, RecordedEvent } from '@support/domain';

/**
 * Test fixture only: writes `<dir>/events.log` in the format of the embedded event store of
 * earlier versions, so that the import tests have an old data directory to import (nothing in
 * production writes this format any more; adapters/src/event-store/sqlite/legacy-log reads it).
 * Each record: u32 payload length, u32 CRC-32 of the payload, payload (little-endian); the payload
 * is the event as JSON, bigints as decimal strings, `batchEnd` on the last event of each append.
 * Answers every event written, as the old store would have read it back, in log order.
 */
export async function writeLegacyEventLog(
  dir: string,
  appends: readonly { readonly streamName: string; readonly events: readonly EventData[] }[],
  now: () => Date = () => new Date(),
): Promise<RecordedEvent[]> {
  const revisions = new Map<string, number>();
  const frames: Buffer[] = [];
  const written: RecordedEvent[] = [];
  for (const { streamName, events } of appends) {
    const created = now();
    events.forEach((event, i) => {
      const position = written.length;
      const revision = revisions.get(streamName) ?? 0;
      revisions.set(streamName, revision + 1);
      const dataJson = JSON.stringify(event.data) ?? 'null';
      const metadataJson = JSON.stringify(event.metadata) ?? '{}';
      const payload = Buffer.from(
        `{"position":"${position}","streamName":${JSON.stringify(streamName)},"eventId":${JSON.stringify(event.id)}` +
          `,"type":${JSON.stringify(event.type)},"revision":"${revision}","created":"${created.toISOString()}"` +
          `,"batchEnd":${i === events.length - 1},"data":${dataJson},"metadata":${metadataJson}}`,
        'utf8',
      );
      const header = Buffer.alloc(8);
      header.writeUInt32LE(payload.length, 0);
      header.writeUInt32LE(crc32(payload), 4);
      frames.push(header, payload);
      written.push({
        id: event.id, type: event.type, data: JSON.parse(dataJson), metadata: JSON.parse(metadataJson) as EventMetadata,
        streamName, revision: BigInt(revision), position: { commit: BigInt(position), prepare: BigInt(position) }, created,
      });
    });
  }
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'events.log'), Buffer.concat(frames));
  return written;
}
