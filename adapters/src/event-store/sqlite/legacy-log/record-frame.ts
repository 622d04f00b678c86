// Exists only to import data directories written by earlier versions (the embedded event log); nothing writes this format any more.
import { crc32 } from 'node:zlib';

/** One record of the old log: u32 payload length, u32 CRC-32 of the payload, payload; little-endian. */
export const FRAME_HEADER_BYTES = 8;

export type FrameAt =
  | { readonly kind: 'frame'; readonly payload: Buffer; readonly size: number }
  /** The buffer ends inside this frame; `size` is the whole frame's size when the header was readable. */
  | { readonly kind: 'truncated'; readonly size: number | null }
  | { readonly kind: 'corrupt'; readonly reason: string };

/** Reads the frame that starts at `offset` of `buffer` (which holds bytes up to `end`). */
export function frameAt(buffer: Buffer, offset: number, end: number, maxPayloadBytes: number): FrameAt {
  if (end - offset < FRAME_HEADER_BYTES) return { kind: 'truncated', size: null };
  const length = buffer.readUInt32LE(offset);
  if (length > maxPayloadBytes) return { kind: 'corrupt', reason: `record length ${length} over the limit ${maxPayloadBytes}` };
  const size = FRAME_HEADER_BYTES + length;
  if (end - offset < size) return { kind: 'truncated', size };
  const payload = buffer.subarray(offset + FRAME_HEADER_BYTES, offset + size);
  if (buffer.readUInt32LE(offset + 4) !== crc32(payload)) return { kind: 'corrupt', reason: 'checksum mismatch' };
  return { kind: 'frame', payload, size };
}
