import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@support/adapters';
import { CommandContext, DomainEvent, EventStore, RecordedEvent } from '@support/domain';
import { claimHolder, ClaimRule, claimUnique, releaseClaim, WriteDeps } from '@support/event-sourcing';

type Held = DomainEvent<'Held', { readonly owner: string }>;
type Freed = DomainEvent<'Freed', { readonly owner: string; readonly reason: string }>;

/** A claim kind of the test: held for ever unless `passes` says the holder let go; released by Freed. */
const rule = (passes: (holder: string) => boolean | 'undecided' = () => false): ClaimRule<string> => ({
  kind: 'test key',
  stream: (key) => `test_claim-${key}`,
  claimed: (_key, owner): Held => ({ type: 'Held', data: { owner } }),
  holderOf: (last) => (last.type === 'Held' ? (last as Held).data.owner : null),
  mayTakeOver: async (_deps, _key, holder) => passes(holder),
  released: (_key, owner, reason): Freed => ({ type: 'Freed', data: { owner, reason } }),
});

const ctx: CommandContext = { accountId: 'acme', userId: 'test', requestId: 'r-1', now: new Date('2026-11-26T10:00:00Z') };

describe('claims: claimUnique and releaseClaim over claim streams', () => {
  let dir: string;
  let store: SqliteEventStore;
  let deps: WriteDeps;
  let ids = 0;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-'));
    store = SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
    deps = { eventStore: store, newId: () => `id-${++ids}` };
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const events = async (eventStore: EventStore, stream: string): Promise<RecordedEvent[]> => {
    const all: RecordedEvent[] = [];
    for await (const e of eventStore.readStream(stream)) all.push(e);
    return all;
  };

  it('given a free key, when two owners claim it at once, then one holds it, the other learns who, and the stream has one claim', async () => {
    // given
    const kind = rule();
    // when
    const [a, b] = await Promise.all([claimUnique(deps, kind, 'k', 'alice', ctx), claimUnique(deps, kind, 'k', 'bob', ctx)]);
    // then
    const outcomes = [a, b].map((o) => (E.isRight(o) ? o.right : null));
    expect(outcomes.filter((o) => o?.mine)).to.have.length(1);
    const holder = outcomes.find((o) => o?.mine)!.holder;
    expect(outcomes.map((o) => o?.holder)).to.deep.equal([holder, holder]);
    expect(await claimHolder(deps, kind, 'k')).to.equal(holder);
    expect((await events(store, 'test_claim-k')).map((e) => e.type)).to.deep.equal(['Held']);
  });

  it('given a key held by its owner, when the owner claims it again, then it is still theirs and nothing is appended', async () => {
    await claimUnique(deps, rule(), 'k', 'alice', ctx);
    const again = await claimUnique(deps, rule(), 'k', 'alice', ctx);
    expect(E.isRight(again) && again.right).to.deep.equal({ holder: 'alice', mine: true, appended: null });
  });

  it('given a held key whose rule lets it pass on, when another owner claims it, then the claim passes to them', async () => {
    const kind = rule((holder) => holder === 'alice');
    await claimUnique(deps, kind, 'k', 'alice', ctx);
    const taken = await claimUnique(deps, kind, 'k', 'bob', ctx);
    expect(E.isRight(taken) && taken.right.mine).to.equal(true);
    expect(await claimHolder(deps, kind, 'k')).to.equal('bob');
  });

  it('given a held key whose rule cannot tell yet whether it passes on, when another owner claims it, then the claim ends as a conflict and nothing is appended', async () => {
    const kind = rule(() => 'undecided');
    await claimUnique(deps, kind, 'k', 'alice', ctx);
    const taken = await claimUnique(deps, kind, 'k', 'bob', ctx);
    expect(E.isLeft(taken) && taken.left.kind).to.equal('ConcurrencyConflict');
    expect(await events(store, 'test_claim-k')).to.have.length(1);
  });

  it('given a held key, when its holder releases it, then it is free and the next claim wins; a release by someone else changes nothing', async () => {
    const kind = rule();
    await claimUnique(deps, kind, 'k', 'alice', ctx);
    expect(E.isRight(await releaseClaim(deps, kind, 'k', 'bob', 'not mine', ctx)) && (await claimHolder(deps, kind, 'k'))).to.equal('alice');
    const released = await releaseClaim(deps, kind, 'k', 'alice', 'request failed', ctx);
    expect(E.isRight(released) && released.right).to.equal(true);
    expect(await claimHolder(deps, kind, 'k')).to.equal(null);
    const next = await claimUnique(deps, kind, 'k', 'bob', ctx);
    expect(E.isRight(next) && next.right.mine).to.equal(true);
    expect((await events(store, 'test_claim-k')).map((e) => e.type)).to.deep.equal(['Held', 'Freed', 'Held']);
  });
});
