import type { PackedRows } from './packed-rows';

/** Rows to write as CSV records, numbered in the order they are sent. */
export interface RecordsRequest {
  readonly seq: number;
  readonly rows: PackedRows;
}

/** The records of a request as UTF-8 (the buffer is transferred, not copied), or why they could not be written. */
export type RecordsReply =
  | { readonly seq: number; readonly bytes: ArrayBuffer }
  | { readonly seq: number; readonly error: string };
