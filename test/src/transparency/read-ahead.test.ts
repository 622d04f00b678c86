import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAhead } from '@support/adapters';
import { makeTempDir } from '../event-store/sqlite-engine';

/** npm run verify reads the log's file through once beside its threads (from a cold disk they would wait on each page). */
describe('transparency: the log file read ahead of the audit', () => {
  it('given a file that fits in memory, then it is read to its end, once; given too little free memory, then it is not read at all', async () => {
    const temp = await makeTempDir();
    try {
      const file = join(temp.dir, 'events.sqlite');
      writeFileSync(file, Buffer.alloc(20 * 1024 * 1024 + 5, 7));
      expect(await readAhead(file, { freeMemory: 1024 * 1024 * 1024 }).done).to.equal(20 * 1024 * 1024 + 5);
      expect(await readAhead(file, { freeMemory: 30 * 1024 * 1024 }).done).to.equal(0);
    } finally {
      await temp.remove();
    }
  });

  it('given a read-ahead stopped at once, then it ends without reading the file through; given no file, then it ends quietly', async () => {
    const temp = await makeTempDir();
    try {
      const file = join(temp.dir, 'events.sqlite');
      writeFileSync(file, Buffer.alloc(64 * 1024 * 1024, 7));
      const reading = readAhead(file, { freeMemory: 1024 * 1024 * 1024 });
      reading.stop();
      expect(await reading.done).to.be.below(64 * 1024 * 1024);
      expect(await readAhead(join(temp.dir, 'none.sqlite')).done).to.equal(0);
    } finally {
      await temp.remove();
    }
  });
});
