import { expect } from 'chai';
import { SortedList } from '@support/adapters/dist/read-store/embedded/sorted-list';
import { seededRandom } from './random';

const byNumber = (a: number, b: number): number => a - b;

/** One random write to both the list and its sorted reference: a remove (with `removeShare`'s chance) or an insert below `range`. */
const randomWrite = (list: SortedList<number>, reference: number[], random: () => number, removeShare: number, range: number): void => {
  if (reference.length > 0 && random() < removeShare) {
    const value = reference[Math.floor(random() * reference.length)];
    expect(list.remove(value)).to.equal(true);
    reference.splice(reference.indexOf(value), 1);
  } else {
    const value = Math.floor(random() * range);
    list.insert(value);
    reference.push(value);
    reference.sort(byNumber);
  }
};

describe('SortedList (embedded read store)', () => {
  it('given random inserts and removes, when read by slice and rank, then it agrees with a sorted array', () => {
    const random = seededRandom(7);
    const list = new SortedList<number>(byNumber, 8);
    const reference: number[] = [];
    for (let step = 0; step < 5_000; step++) randomWrite(list, reference, random, 0.35, 1_000);
    expect(list.size).to.equal(reference.length);
    expect(list.slice(0, list.size)).to.deep.equal(reference);
    for (const probe of [-1, 0, 250, 500, 999, 1_000]) {
      expect(list.rankWhere((e) => e < probe)).to.equal(reference.filter((e) => e < probe).length);
    }
    for (const [from, to] of [[10, 15], [0, 1], [100, 700], [reference.length - 3, reference.length + 5]]) {
      expect(list.slice(from, to)).to.deep.equal(reference.slice(from, to));
    }
  });

  it('given a value that is not there, when removed, then nothing changes', () => {
    const list = new SortedList<number>(byNumber);
    list.insert(1);
    expect(list.remove(2)).to.equal(false);
    expect(list.slice(0, 10)).to.deep.equal([1]);
  });

  it('given writes, when the version is read, then it changed', () => {
    const list = new SortedList<number>(byNumber);
    const before = list.version;
    list.insert(3);
    expect(list.version).not.to.equal(before);
  });

  it('given ranks outside the list or an empty window, when sliced, then nothing comes', () => {
    const list = new SortedList<number>(byNumber);
    list.insert(3);
    expect(list.slice(1, 5)).to.deep.equal([]);
    expect(list.slice(0, 0)).to.deep.equal([]);
    expect(list.slice(-2, 1)).to.deep.equal([3]);
  });

  it('given a frozen list, when elements are inserted and removed after, then the frozen chunks still read as at the freeze and the list as after', () => {
    const random = seededRandom(11);
    const list = new SortedList<number>(byNumber, 4);
    for (let i = 0; i < 200; i++) list.insert(Math.floor(random() * 100));
    const before = list.slice(0, list.size);
    const frozen = list.freeze();
    const reference = [...before];
    for (let step = 0; step < 400; step++) {
      randomWrite(list, reference, random, 0.5, 100);
      if (step === 200) list.freeze();
    }
    expect(frozen.flat()).to.deep.equal(before);
    expect(list.slice(0, list.size)).to.deep.equal(reference);
  });

  it('given ranks and slices read between every write (chunks split and dropped on the way), then each agrees with a sorted array', () => {
    const random = seededRandom(5);
    const list = new SortedList<number>(byNumber, 2);
    const reference: number[] = [];
    for (let step = 0; step < 1_500; step++) {
      randomWrite(list, reference, random, 0.45, 300);
      const probe = Math.floor(random() * 320) - 10;
      expect(list.rankWhere((e) => e < probe)).to.equal(reference.filter((e) => e < probe).length);
      const from = Math.floor(random() * (reference.length + 2));
      expect(list.slice(from, from + 5)).to.deep.equal(reference.slice(from, from + 5));
    }
  });
});
