import { expect } from 'chai';
import { ChangeTracker } from '@support/adapters/dist/read-store/embedded/change-tracker';

/** What a snapshot delta holds: the documents written since the last file, and nothing a failed file would lose. */
describe('EmbeddedReadStore: the writes a snapshot has not saved yet', () => {
  it('given writes captured for a file and more writes while it was written, when it is saved, then only the later writes stay noted, a document written again among them', () => {
    const tracker = new ChangeTracker();
    for (const id of ['a', 'b', 'c']) tracker.note(id);
    const captured = tracker.capture();
    expect(captured.ids).to.deep.equal(['a', 'b', 'c']);
    tracker.note('d');
    tracker.note('b');
    tracker.forget(captured.upTo, false);
    expect([...tracker.capture().ids].sort()).to.deep.equal(['b', 'd']);
    expect(tracker.size).to.equal(2);
  });

  it('given a table saved whole from now (a replay), when written, then no write is noted and only a full snapshot can save it', () => {
    // given
    const tracker = new ChangeTracker();
    tracker.note('a');
    tracker.saveWhole();
    // when
    for (let i = 0; i < 1_000; i++) tracker.note(`t${i}`);
    // then
    expect(tracker.size).to.equal(0);
    expect(tracker.needsFull).to.equal(true);
  });

  it('given a table saved whole, when a full snapshot is captured and written, then the writes made meanwhile are noted for the next delta', () => {
    // given
    const tracker = new ChangeTracker();
    tracker.saveWhole();
    tracker.note('replayed');
    // when
    const captured = tracker.capture();
    tracker.note('during-the-write');
    tracker.forget(captured.upTo, true);
    // then
    expect(tracker.needsFull).to.equal(false);
    expect(tracker.capture().ids).to.deep.equal(['during-the-write']);
  });

  it('given a table saved whole whose full snapshot failed, then a full snapshot is still needed', () => {
    const tracker = new ChangeTracker();
    tracker.saveWhole();
    tracker.capture();
    tracker.note('x');
    expect(tracker.needsFull).to.equal(true);
  });

  it('given a newer file saved before an older one finishes, then the older one forgets nothing more', () => {
    const tracker = new ChangeTracker();
    tracker.note('a');
    const older = tracker.capture().upTo;
    tracker.note('b');
    const newer = tracker.capture().upTo;
    tracker.note('c');
    tracker.forget(newer, true);
    tracker.forget(older, false);
    expect(tracker.capture().ids).to.deep.equal(['c']);
  });

  it('given files that keep failing while the same documents are written again and again, then each stays noted once and a save forgets exactly the writes before it', () => {
    const tracker = new ChangeTracker();
    for (let i = 0; i < 300_000; i++) tracker.note(`t${i % 1_000}`);
    expect(tracker.size).to.equal(1_000);
    const captured = tracker.capture();
    for (let i = 0; i < 10; i++) tracker.note(`t${i * 3}`);
    tracker.note('new');
    tracker.forget(captured.upTo, false);
    expect([...tracker.capture().ids].sort()).to.deep.equal([...Array.from({ length: 10 }, (_, i) => `t${i * 3}`), 'new'].sort());
  });

  it('given no writes after the capture, when it is saved, then nothing stays noted and later writes are noted again', () => {
    const tracker = new ChangeTracker();
    for (let i = 0; i < 1_000; i++) tracker.note(`t${i}`);
    tracker.forget(tracker.capture().upTo, false);
    expect(tracker.size).to.equal(0);
    tracker.note('t5');
    expect(tracker.capture().ids).to.deep.equal(['t5']);
  });

  it('given a file that failed (never forgotten), then its writes stay noted for the next one', () => {
    const tracker = new ChangeTracker();
    tracker.note('a');
    tracker.capture();
    tracker.note('b');
    expect(tracker.capture().ids).to.deep.equal(['a', 'b']);
  });

  it('given an emptied table, then only a full snapshot answers it', () => {
    const tracker = new ChangeTracker();
    tracker.note('a');
    tracker.noteEmptied();
    const upTo = tracker.capture().upTo;
    tracker.forget(upTo, false);
    expect(tracker.needsFull).to.equal(true);
    tracker.forget(upTo, true);
    expect(tracker.needsFull).to.equal(false);
  });
});
