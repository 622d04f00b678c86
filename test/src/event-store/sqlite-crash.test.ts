import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { isRight } from 'fp-ts/Either';
import { SqliteEventStore } from '@support/adapters';
import { makeTempDir } from './sqlite-engine';
import { collect, ids, newEvent } from './events';

const CRASH_WRITER = join(__dirname, 'sqlite-crash-writer.js');

/** Acknowledged event ids per stream, in the order the writer printed them. */
type Acknowledged = Map<string, string[]>;

/** Runs the crash writer on the database `file` and kills it with SIGKILL once it has acknowledged `acks` more events. */
function runWriterUntilKilled(file: string, acks: number, acknowledged: Acknowledged): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CRASH_WRITER, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let pending = '';
    let seen = 0;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [stream, id] = line.split(' ');
        if (id === undefined) continue;
        acknowledged.set(stream, [...(acknowledged.get(stream) ?? []), id]);
        seen += 1;
      }
      if (seen >= acks) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`crash writer exited with ${code ?? signal} before it was killed: ${stderr}`));
    });
  });
}

function expectInOrder(stored: readonly string[], acknowledged: readonly string[], stream: string): void {
  let found = 0;
  for (const id of stored) if (found < acknowledged.length && id === acknowledged[found]) found += 1;
  expect(found, `acknowledged events of ${stream} found in acknowledgement order`).to.equal(acknowledged.length);
}

describe('SqliteEventStore crash (kill -9 in the middle of a burst of appends)', function () {
  this.timeout(60_000);

  it('given a writer killed with SIGKILL five times while appending concurrently, when the log is reopened, then every acknowledged event is there in acknowledgement order per stream and appends go on', async () => {
    const temp = await makeTempDir();
    const file = join(temp.dir, 'events.sqlite');
    const acknowledged: Acknowledged = new Map();
    try {
      for (let round = 0; round < 5; round += 1) await runWriterUntilKilled(file, 1_000, acknowledged);

      const store = SqliteEventStore.open({ file });
      try {
        let total = 0;
        for (const [stream, acked] of acknowledged) {
          const stored = ids(await collect(store.readStream(stream)));
          expect(new Set(stored).size, `no duplicates in ${stream}`).to.equal(stored.length);
          expectInOrder(stored, acked, stream);
          total += acked.length;
        }
        expect(total).to.be.at.least(5_000);
        const head = await store.headPosition();
        expect(Number(head?.commit ?? 0), 'events in the log (positions from 1)').to.be.at.least(total);

        const after = await store.appendToStream('after-crash', [newEvent()], { expectedRevision: 'no_stream' });
        expect(isRight(after)).to.equal(true);
        expect(await collect(store.readStream('after-crash'))).to.have.length(1);
      } finally {
        await store.close();
      }
    } finally {
      await temp.remove();
    }
  });
});
