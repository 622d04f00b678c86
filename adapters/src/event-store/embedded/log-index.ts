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
  /**
   * The positions of the image the index was made from (fromImage), by stream: ordinal o's are
   * baseFlat[baseStart[o]] up to baseFlat[baseStart[o + 1]], in order. Two typed arrays instead of
   * an array for each of the image's streams (at 100,000 tickets, 175,000 streams).
   */
  private baseStart = new Uint32Array(1);
  private baseFlat = new Uint32Array(0);
  /**
   * Per stream ordinal, its positions added after the image (all of them for an index not made from
   * one): none, a bare number for one (most streams here are short), an array for more.
   */
  private readonly positions: (number | number[] | undefined)[] = [];
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
    // Grouped by stream with one count and one pass: a stream's positions stay in log order.
    const starts = new Uint32Array(streamNames.length + 1);
    for (let position = 0; position < count; position++) starts[streams[position] + 1]++;
    for (let ordinal = 0; ordinal < streamNames.length; ordinal++) starts[ordinal + 1] += starts[ordinal];
    const next = starts.slice(0, streamNames.length);
    const flat = new Uint32Array(count);
    for (let position = 0; position < count; position++) flat[next[streams[position]]++] = position;
    index.baseStart = starts;
    index.baseFlat = flat;
    index.positions.length = streamNames.length;
    index.positions.fill(undefined);
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
    const added = this.positions[ordinal];
    return this.baseCount(ordinal) + (added === undefined ? 0 : typeof added === 'number' ? 1 : added.length);
  }

  positionOf(streamName: string, revision: number): number {
    const ordinal = this.ordinals.get(streamName);
    if (ordinal === undefined || !Number.isSafeInteger(revision) || revision < 0) throw new RangeError(`stream has no revision ${revision}`);
    const base = this.baseCount(ordinal);
    if (revision < base) return this.baseFlat[this.baseStart[ordinal] + revision];
    const added = this.positions[ordinal];
    const at = revision - base;
    const position = added === undefined ? undefined : typeof added === 'number' ? (at === 0 ? added : undefined) : added[at];
    if (position === undefined) throw new RangeError(`stream has no revision ${revision}`);
    return position;
  }

  /** How many of a stream's positions the image held. */
  private baseCount(ordinal: number): number {
    return ordinal + 1 < this.baseStart.length ? this.baseStart[ordinal + 1] - this.baseStart[ordinal] : 0;
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
    if (existing === undefined) this.positions[ordinal] = position;
    else if (typeof existing === 'number') this.positions[ordinal] = [existing, position];
    else existing.push(position);
  }
}

export const hashEventId = (eventId: string): number => crc32(eventId);
