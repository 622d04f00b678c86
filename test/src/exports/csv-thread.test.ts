import { expect } from 'chai';
import { CsvThread, csvRecordsWriter, packRows, unpackRows } from '@support/workers';

const ROWS = [
  ['1', '', 'plain', 'a,b'],
  ['2', 'say "hi"', 'line\nbreak', 'cr\ronly'],
  ['3', 'ünïcødé ✓ 日本 😀', '', ' spaced '],
];

describe('export CSV thread: rows cross packed, come back as csv-writer records', () => {
  it('given rows with empty, quoted, multi-line and non-ASCII cells, when packed and unpacked, then every cell is as it was', () => {
    expect(unpackRows(packRows(ROWS, 4))).to.deep.equal(ROWS);
    expect(unpackRows(packRows([], 4))).to.deep.equal([]);
  });

  it('given a row with another number of cells than the width, when packed, then it is refused naming the row', () => {
    expect(() => packRows([['a', 'b'], ['c']], 2)).to.throw(/row 1 has 1 cells, not 2/);
  });

  it('given batches sent one after another, when their replies arrive, then each is the batch\'s records in UTF-8, in order', async () => {
    const thread = new CsvThread();
    try {
      const batches = Array.from({ length: 20 }, (_, b) => ROWS.map((row) => [`${b}-${row[0]}`, ...row.slice(1)]));
      const replies = await Promise.all(batches.map((rows) => thread.records(rows, 4)));
      replies.forEach((bytes, b) => expect(bytes.toString('utf8')).to.equal(csvRecordsWriter()(batches[b])));
    } finally {
      await thread.close();
    }
  });

  it('given a closed thread, when rows are sent, then the promise is rejected and nothing hangs', async () => {
    const thread = new CsvThread();
    await thread.close();
    let caught: unknown;
    try {
      await thread.records(ROWS, 4);
    } catch (e) {
      caught = e;
    }
    expect((caught as Error).message).to.match(/closed/);
  });
});
