import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonLinesReader } from '@support/adapters/dist/read-store/embedded/json-lines-reader';

describe('snapshot file: JSON lines read a chunk at a time', () => {
  const values = Array.from({ length: 500 }, (_, i) => ({ i, text: `line ${i} ${'ü"\n\\'.repeat(i % 7)} ${'x'.repeat(i % 97)}` }));
  const read = async (file: string, chunkBytes: number): Promise<unknown[]> => {
    const reader = await jsonLinesReader(file, chunkBytes);
    const out: unknown[] = [];
    for (let v = await reader.next(); v !== undefined; v = await reader.next()) out.push(v);
    await reader.close();
    return out;
  };

  it('given lines longer and shorter than a chunk, and a last line without newline, when read, then every value comes back in order', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'json-lines-'));
    try {
      const file = path.join(dir, 'lines.ndjson');
      writeFileSync(file, values.map((v) => JSON.stringify(v)).join('\n'));
      for (const chunkBytes of [16, 100, 4096, 1 << 20]) expect(await read(file, chunkBytes), `chunk ${chunkBytes}`).to.deep.equal(values);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
