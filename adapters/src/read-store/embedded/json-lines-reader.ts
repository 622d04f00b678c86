import { open } from 'node:fs/promises';

const CHUNK_BYTES = 8 * 1024 * 1024;
const NEWLINE = 0x0a;

/**
 * Reads a file of JSON lines (JSON.stringify never writes a raw newline inside a value) a large
 * chunk at a time and parses each line from the chunk's bytes: no stream or readline machinery
 * per line, which dominated reading a snapshot of 100,000 documents. `next()` answers the next
 * parsed line, or undefined at the end of the file (a last line without newline included).
 */
export const jsonLinesReader = async (file: string, chunkBytes = CHUNK_BYTES): Promise<{ next(): Promise<unknown>; close(): Promise<void> }> => {
  const handle = await open(file, 'r');
  let buffer = Buffer.alloc(0);
  let start = 0;
  let end = 0;
  let eof = false;
  const fill = async (): Promise<void> => {
    const rest = end - start;
    const size = Math.max(chunkBytes, rest * 2);
    const next = buffer.length >= size && start > 0 ? buffer : Buffer.allocUnsafe(size);
    buffer.copy(next, 0, start, end);
    buffer = next;
    start = 0;
    end = rest;
    const { bytesRead } = await handle.read(buffer, end, buffer.length - end, null);
    if (bytesRead === 0) eof = true;
    end += bytesRead;
  };
  return {
    next: async () => {
      for (;;) {
        const newline = buffer.indexOf(NEWLINE, start);
        if (newline >= 0 && newline < end) {
          const line = buffer.toString('utf8', start, newline);
          start = newline + 1;
          return JSON.parse(line);
        }
        if (eof) {
          if (start >= end) return undefined;
          const line = buffer.toString('utf8', start, end);
          start = end;
          return JSON.parse(line);
        }
        await fill();
      }
    },
    close: () => handle.close(),
  };
};

/** Answers the next line; throws when the file ends before its end line. */
export type NextLine = () => Promise<any>;

/**
 * Reads a file laid out as snapshots and deltas are: a header line (`format`, `version`, `header`),
 * then per table a table line followed by what `readTable` reads of it, then an end line counting
 * the tables. Throws, saying which `what` it is, when a line is missing, the format or version
 * differs or the count does not hold.
 */
export const readTablesFile = async <T>(
  file: string,
  kind: { readonly format: string; readonly version: number; readonly what: string },
  readTable: (tableLine: any, next: NextLine) => Promise<T>,
): Promise<{ header: unknown; tables: T[] }> => {
  const lines = await jsonLinesReader(file);
  const next: NextLine = async () => {
    const line = await lines.next();
    if (line === undefined) throw new Error(`${kind.what} is cut short`);
    return line;
  };
  try {
    const first = await next();
    if (first?.format !== kind.format || first?.version !== kind.version) throw new Error(`not a ${kind.what} of this version`);
    const tables: T[] = [];
    for (;;) {
      const line = await next();
      if (line?.end === true) {
        if (line.tables !== tables.length) throw new Error(`${kind.what} lost a table`);
        return { header: first.header, tables };
      }
      tables.push(await readTable(line, next));
    }
  } finally {
    await lines.close();
  }
};
