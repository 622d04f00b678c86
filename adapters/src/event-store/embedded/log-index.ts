import { crc32 } from 'node:zlib';
import { growableFloat64, growableUint32 } from './growable-array';

/**
 * The index as a persisted index file holds it, up to one position: per position its record's
 * offset, event id hash and stream (an ordinal into `streamNames`, in order of first appearance).
 */
export interface LogIndexImage {
  readonly count: number;
  readonly endOffset: number;
  readonly offsets: Float64Array;
  readonly idHashes: Uint32Array;
  readonly streams: Uint32Array;
  readonly streamNames: readonly string[];
}

/**
 * The in-memory index of the log: where each position's record starts in the file, a hash of its
 * event id (for idempotent retries), and each stream's positions by revision. Payloads stay on disk.
 * It covers reserved records too: an append reserves its positions and file bytes here, synchronously,
 * before it is written, so the expected-revision check and the reservation cannot interleave.
 */
export class LogIndex {
  private readonly offsets = growableFloat64();
  private readonly idHashes = growableUint32();
  /** Each position's stream, as an ordinal into `names` (streams numbered as they first appear). */
  private readonly streamOf = growableUint32();
  private readonly names: string[] = [];
  private readonly ordinals = new Map<string, number>();
  /** Per stream ordinal: a stream of one event keeps a bare number; longer streams an array. Most streams here are short. */
  private readonly positions: (number | number[])[] = [];
  private end: number;

  constructor(startOffset = 0) {
    this.end = startOffset;
  }

  /**
   * The index an image describes (a persisted index file), ready to be extended by the records after
   * it; null when two of its streams bear one name (not an image this index made). The image numbers
   * its streams as this index does (in order of first appearance), so positions go to their streams
   * by ordinal, with no lookup by name.
   */
  static fromImage(image: LogIndexImage): LogIndex | null {
    const index = new LogIndex(0);
    const { count, offsets, idHashes, streams, streamNames } = image;
    index.offsets.pushAll(offsets.subarray(0, count));
    index.idHashes.pushAll(idHashes.subarray(0, count));
    index.streamOf.pushAll(streams.subarray(0, count));
    for (let ordinal = 0; ordinal < streamNames.length; ordinal++) {
      index.names.push(streamNames[ordinal]);
      index.ordinals.set(streamNames[ordinal], ordinal);
    }
    if (index.ordinals.size !== streamNames.length) return null;
    const positions = index.positions;
    for (let position = 0; position < count; position++) {
      const ordinal = streams[position];
      const existing = positions[ordinal];
      if (existing === undefined) positions[ordinal] = position;
      else if (typeof existing === 'number') positions[ordinal] = [existing, position];
      else existing.push(position);
    }
    // A name no position of the image holds (not in a file this index wrote) is an empty stream.
    for (let ordinal = 0; ordinal < streamNames.length; ordinal++) if (positions[ordinal] === undefined) positions[ordinal] = [];
    index.end = image.endOffset;
    return index;
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
    this.addPosition(streamName, position);
    return position;
  }

  /** Number of events in the stream (its revision + 1), 0 when it does not exist. */
  streamLength(streamName: string): number {
    const ordinal = this.ordinals.get(streamName);
    if (ordinal === undefined) return 0;
    const entry = this.positions[ordinal];
    return typeof entry === 'number' ? 1 : entry.length;
  }

  positionOf(streamName: string, revision: number): number {
    const ordinal = this.ordinals.get(streamName);
    const entry = ordinal === undefined ? undefined : this.positions[ordinal];
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

  /** The stream of the record at `position`. */
  streamAt(position: number): string {
    return this.names[this.streamOf.get(position)];
  }

  /** The index of positions 0 .. count - 1 as an image (copies: the index goes on growing). */
  image(count: number): LogIndexImage {
    const streams = this.streamOf.copyOf(count);
    let streamCount = 0;
    for (let p = 0; p < count; p++) if (streams[p] >= streamCount) streamCount = streams[p] + 1;
    return {
      count,
      endOffset: this.endOf(count - 1),
      offsets: this.offsets.copyOf(count),
      idHashes: this.idHashes.copyOf(count),
      streams,
      streamNames: this.names.slice(0, streamCount),
    };
  }

  private addPosition(streamName: string, position: number): void {
    const ordinal = this.ordinals.get(streamName);
    if (ordinal === undefined) {
      this.ordinals.set(streamName, this.names.length);
      this.streamOf.push(this.names.length);
      this.names.push(streamName);
      this.positions.push(position);
      return;
    }
    this.streamOf.push(ordinal);
    const existing = this.positions[ordinal];
    if (typeof existing === 'number') this.positions[ordinal] = [existing, position];
    else existing.push(position);
  }
}

export const hashEventId = (eventId: string): number => crc32(eventId);
