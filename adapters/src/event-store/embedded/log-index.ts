import { crc32 } from 'node:zlib';
import { growableFloat64, growableUint32 } from './growable-array';

/**
 * The in-memory index of the log: where each position's record starts in the file, a hash of its
 * event id (for idempotent retries), and each stream's positions by revision. Payloads stay on disk.
 * It covers reserved records too: an append reserves its positions and file bytes here, synchronously,
 * before it is written, so the expected-revision check and the reservation cannot interleave.
 */
export class LogIndex {
  private readonly offsets = growableFloat64();
  private readonly idHashes = growableUint32();
  /** A stream of one event keeps a bare number; longer streams an array. Most streams here are short. */
  private readonly streams = new Map<string, number | number[]>();
  private end: number;

  constructor(startOffset = 0) {
    this.end = startOffset;
  }

  /** Number of positions (records) in the log, reserved ones included. */
  get count(): number {
    return this.offsets.length;
  }

  /** File offset just past the last reserved record. */
  get endOffset(): number {
    return this.end;
  }

  add(streamName: string, eventId: string, frameSize: number): number {
    const position = this.offsets.length;
    this.offsets.push(this.end);
    this.idHashes.push(hashEventId(eventId));
    this.end += frameSize;
    const existing = this.streams.get(streamName);
    if (existing === undefined) this.streams.set(streamName, position);
    else if (typeof existing === 'number') this.streams.set(streamName, [existing, position]);
    else existing.push(position);
    return position;
  }

  /** Number of events in the stream (its revision + 1), 0 when it does not exist. */
  streamLength(streamName: string): number {
    const entry = this.streams.get(streamName);
    return entry === undefined ? 0 : typeof entry === 'number' ? 1 : entry.length;
  }

  positionOf(streamName: string, revision: number): number {
    const entry = this.streams.get(streamName);
    const position = entry === undefined ? undefined : typeof entry === 'number' ? (revision === 0 ? entry : undefined) : entry[revision];
    if (position === undefined) throw new RangeError(`stream has no revision ${revision}`);
    return position;
  }

  offsetOf(position: number): number {
    return this.offsets.get(position);
  }

  /** Offset just past the record at `position`. */
  endOf(position: number): number {
    return position + 1 < this.offsets.length ? this.offsets.get(position + 1) : this.end;
  }

  idHashAt(position: number): number {
    return this.idHashes.get(position);
  }
}

export const hashEventId = (eventId: string): number => crc32(eventId);
