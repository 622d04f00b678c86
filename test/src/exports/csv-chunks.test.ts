import { performance } from 'node:perf_hooks';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { ExportColumns, ExportTicket } from '@support/domain';
import { csvChunks, csvRecordsWriter } from '@support/workers';

const HEADER = ['A', 'B', 'C'];
const TRICKY = ['', 'plain', 'a,b', 'say "hi"', 'line\nbreak', 'cr\ronly', 'crlf\r\nx', 'ünïcødé ✓ 日本 😀', ' spaced '];
/** Rows of three cells, each drawn from the tricky values by the row number. */
const rowOf = (i: number): string[] => [String(i), TRICKY[i % TRICKY.length], TRICKY[(i * 7 + 3) % TRICKY.length]];
const columns: ExportColumns = {
  header: HEADER,
  row: (t) => rowOf(Number(t._id)),
  // The first cell (digits) is plain: written as it is; the others go through the writer's quoting.
  record: (t, quote) => rowOf(Number(t._id)).map((c, i) => (i === 0 ? c : quote(c))).join(','),
};
/** The cursor's batches: uneven sizes, so batches and chunks do not line up. */
async function* tickets(n: number): AsyncGenerator<ExportTicket[]> {
  for (let i = 0, size = 1; i < n; i += size, size = (size * 5) % 97) yield Array.from({ length: Math.min(size, n - i) }, (_, k) => ({ _id: String(i + k) }));
}

/** RFC 4180 written out plainly: a field holding a comma, a quote, CR or LF is quoted with its quotes doubled; records end with CRLF. */
const rfc4180 = (rows: string[][]): string =>
  rows.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') + (rows.length > 0 ? '\r\n' : '');

const collect = async (chunks: AsyncIterable<Buffer>): Promise<string> => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
};

describe('export CSV: RFC 4180 records in UTF-8 chunks', () => {
  it('given rows with commas, quotes, CR, LF, CRLF and non-ASCII, when written as records, then only those fields are quoted and the text parses back exactly', () => {
    const rows = Array.from({ length: 40 }, (_, i) => rowOf(i));
    const text = csvRecordsWriter()(rows);
    expect(text).to.equal(rfc4180(rows));
    expect(parse(text, { relaxQuotes: false })).to.deep.equal(rows);
  });

  for (const rowsPerChunk of [1, 7, 1_000]) {
    it(`given 2,500 rows in chunks of ${rowsPerChunk}, when streamed, then the file is byte for byte the RFC 4180 text of every row, in order, and progress reaches every row`, async () => {
      const heard: number[] = [];
      const text = await collect(csvChunks(tickets(2_500), columns, rowsPerChunk, async (n) => void heard.push(n)));
      expect(text).to.equal(rfc4180([HEADER, ...Array.from({ length: 2_500 }, (_, i) => rowOf(i))]));
      expect(heard.at(-1)).to.equal(2_500);
      expect(heard).to.deep.equal([...heard].sort((a, b) => a - b));
    });
  }

  it('given no rows, then the file is the header alone', async () => {
    expect(await collect(csvChunks(tickets(0), columns, 10, async () => undefined))).to.equal('A,B,C\r\n');
  });

  it('given progress that throws (a later attempt took over), then the stream fails with it and yields nothing more', async () => {
    const stop = new Error('superseded');
    const seen: number[] = [];
    let caught: unknown;
    try {
      for await (const chunk of csvChunks(tickets(100), columns, 10, async (n) => { if (n >= 30) throw stop; })) seen.push(chunk.length);
    } catch (e) {
      caught = e;
    }
    expect(caught).to.equal(stop);
    expect(seen).to.have.length(4); // the header and three chunks of ten rows
  });

  it('given rows that take a while to build, when streamed, then other work waiting on the event loop runs before the export ends', async () => {
    let built = 0;
    const slowly = <T>(cells: () => T): T => {
      const until = performance.now() + 0.2;
      while (performance.now() < until);
      built++;
      return cells();
    };
    const slow: ExportColumns = {
      header: HEADER,
      row: (t) => slowly(() => columns.row(t)),
      record: (t, quote) => slowly(() => columns.record(t, quote)),
    };
    let builtWhenOtherWorkRan: number | null = null;
    setImmediate(() => (builtWhenOtherWorkRan = built));
    await collect(csvChunks(tickets(500), slow, 1_000, async () => undefined));
    // 500 rows of 0.2 ms hold the loop 100 ms; a turn is given every few milliseconds.
    expect(builtWhenOtherWorkRan).to.be.a('number').and.to.be.below(250);
  });
});
