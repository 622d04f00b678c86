import { expect } from 'chai';
import { Position, RecordedEvent } from '@support/domain';
import { auditLog, Checkpoint, eventLeafHash, Frontier, LogLeaf, LogLeafChunk, TreeLeaf } from '@support/event-sourcing';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });
const event = (n: number, note = `note ${n}`): RecordedEvent => ({
  id: `e-${n}`, type: 'TicketNoted', data: { note }, metadata: { version: 1, accountId: 'acme' }, streamName: `ticket-${n % 3}`, revision: BigInt(Math.floor(n / 3)), position: at(n), created: new Date(1.7e12 + n),
});
const leafOf = (e: RecordedEvent): LogLeaf => ({ position: e.position, hash: eventLeafHash(e) });
const chunk = (leaves: LogLeaf[], matchesStored: boolean): LogLeafChunk => Object.assign(leaves, { matchesStored });
async function* chunksOf(...chunks: LogLeafChunk[]): AsyncGenerator<LogLeafChunk> {
  yield* chunks;
}

describe('transparency: the audit takes a chunk its hasher vouched for without reading the stored leaves again', () => {
  // given: 12 events signed (stored leaves and a checkpoint of 12), then the event at position 9 altered in the log
  const signed = Array.from({ length: 12 }, (_, n) => event(n));
  const stored: TreeLeaf[] = signed.map(leafOf);
  const signedTree = Frontier.empty();
  stored.forEach((l) => signedTree.append(l.hash));
  const checkpoint: Checkpoint = { origin: 'support.example/log', size: 12, root: signedTree.root(), time: new Date(1.7e12 + 100) };
  const log = signed.map((e) => (Number(e.position.commit) === 9 ? event(9, 'changed since') : e));
  const input = (chunks: LogLeafChunk[], readFrom: number[]) => ({
    events: chunksOf(...chunks),
    eventAt: (p: Position) => log[Number(p.commit)] ?? null,
    leavesFrom: (index: number) => {
      readFrom.push(index);
      return stored.slice(index);
    },
    leafAt: (index: number) => stored[index] ?? null,
    checkpoints: [checkpoint],
  });

  it('given the first two chunks vouched for and the third not, when audited, then the stored leaves are read from the third on and the altered event is named', async () => {
    const readFrom: number[] = [];
    const leaves = log.map(leafOf);
    // when
    const verdict = await auditLog(input([chunk(leaves.slice(0, 4), true), chunk(leaves.slice(4, 8), true), chunk(leaves.slice(8), false)], readFrom));
    // then
    expect(readFrom).to.deep.equal([8]);
    expect(verdict).to.deep.include({ verified: false, finding: { kind: 'altered', position: '9/9', streamName: 'ticket-0', revision: '3' } });
  });

  it('given every chunk vouched for and the log as signed, then it is verified without reading a stored leaf', async () => {
    const readFrom: number[] = [];
    const leaves = signed.map(leafOf);
    const verdict = await auditLog(input([chunk(leaves.slice(0, 6), true), chunk(leaves.slice(6), true)], readFrom));
    expect(readFrom).to.deep.equal([]);
    expect(verdict).to.deep.include({ verified: true, events: 12 });
  });

  it('given a chunk not vouched for between two that are, then the stored leaves are read for it alone, from its first index', async () => {
    const readFrom: number[] = [];
    const leaves = signed.map(leafOf);
    const verdict = await auditLog(input([chunk(leaves.slice(0, 4), true), chunk(leaves.slice(4, 8), false), chunk(leaves.slice(8), true)], readFrom));
    expect(readFrom).to.deep.equal([4]);
    expect(verdict).to.deep.include({ verified: true, events: 12 });
  });
});
