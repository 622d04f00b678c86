import { expect } from 'chai';
import { createArrayCsvStringifier } from 'csv-writer';
import { parse } from 'csv-parse/sync';
import { ExportColumns, ExportTicket } from '@support/domain';
import { csvChunks, csvRecordsWriter } from '@support/workers';

const HEADER = ['A', 'B', 'C'];
const TRICKY = ['', 'plain', 'a,b', 'say "hi"', 'line\nbreak', 'cr\ronly', 'crlf\r\nx', 'ünïcødé ✓ 日本 😀', ' spaced '];
/** Rows of three cells, each drawn from the tricky values by the row number. */
const rowOf = (i: number): string[] => [String(i), TRICKY[i % TRICKY.length], TRICKY[(i * 7 + 3) % TRICKY.length]];
const columns: ExportColumns = { header: HEADER, row: (t) => rowOf(Number(t._id)) };
/** The cursor's batches: uneven sizes, so batches and chunks do not line up. */
async function* tickets(n: number): AsyncGenerator<ExportTicket[]> {
  for (let i = 0, size = 1; i < n; i += size, size = (size * 5) % 97) yield Array.from({ length: Math.min(size, n - i) }, (_, k) => ({ _id: String(i + k) }));
}

/** What the export wrote before the second thread: csv-writer over every row, a row with a CR quoted whole. */
const csvWriterText = (rows: string[][]): string => {
  const plain = createArrayCsvStringifier({ header: HEADER, recordDelimiter: '\r\n' });
  const quoted = createArrayCsvStringifier({ recordDelimiter: '\r\n', alwaysQuote: true });
  return (plain.getHeaderString() ?? '') + rows.map((r) => (r.some((c) => c.includes('\r')) ? quoted : plain).stringifyRecords([r])).join('');
};

const collect = async (chunks: AsyncIterable<Buffer>): Promise<string> => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
};

describe('export CSV: csv-writer records in UTF-8 chunks', () => {
  it('given rows, when written as records, then the text is csv-writer\'s (a row holding a CR quoted whole) and parses back exactly', () => {
    const rows = Array.from({ length: 40 }, (_, i) => rowOf(i));
    const text = csvRecordsWriter()(rows);
    expect(csvWriterText(rows)).to.equal(createArrayCsvStringifier({ header: HEADER, recordDelimiter: '\r\n' }).getHeaderString() + text);
    expect(parse(text, { relaxQuotes: false })).to.deep.equal(rows);
  });

  for (const rowsPerChunk of [1, 7, 1_000]) {
    it(`given 2,500 rows in chunks of ${rowsPerChunk}, when streamed, then the file is byte for byte csv-writer's, in order, and progress reaches every row`, async () => {
      const heard: number[] = [];
      const text = await collect(csvChunks(tickets(2_500), columns, rowsPerChunk, async (n) => void heard.push(n)));
      expect(text).to.equal(csvWriterText(Array.from({ length: 2_500 }, (_, i) => rowOf(i))));
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
});
