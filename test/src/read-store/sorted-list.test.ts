import { expect } from 'chai';
import { SortedList } from '@support/adapters/dist/read-store/embedded/sorted-list';
import { seededRandom } from './random';

const byNumber = (a: number, b: number): number => a - b;

describe('SortedList (embedded read store)', () => {
  it('given random inserts and removes, when read by walk and rank, then it agrees with a sorted array', () => {
    const random = seededRandom(7);
    const list = new SortedList<number>(byNumber, 8);
    const reference: number[] = [];
    for (let step = 0; step < 5_000; step++) {
      if (reference.length > 0 && random() < 0.35) {
        const value = reference[Math.floor(random() * reference.length)];
        expect(list.remove(value)).to.equal(true);
        reference.splice(reference.indexOf(value), 1);
      } else {
        const value = Math.floor(random() * 1_000);
        list.insert(value);
        reference.push(value);
        reference.sort(byNumber);
      }
    }
    expect(list.size).to.equal(reference.length);
    expect([...list.walk(0, false)]).to.deep.equal(reference);
    expect([...list.walk(list.size - 1, true)]).to.deep.equal([...reference].reverse());
    for (const probe of [-1, 0, 250, 500, 999, 1_000]) {
      expect(list.rankWhere((e) => e < probe)).to.equal(reference.filter((e) => e < probe).length);
    }
    expect([...list.walk(10, false)].slice(0, 5)).to.deep.equal(reference.slice(10, 15));
    expect([...list.walk(10, true)]).to.deep.equal(reference.slice(0, 11).reverse());
  });

  it('given a value that is not there, when removed, then nothing changes', () => {
    const list = new SortedList<number>(byNumber);
    list.insert(1);
    expect(list.remove(2)).to.equal(false);
    expect([...list.walk(0, false)]).to.deep.equal([1]);
  });

  it('given writes, when the version is read, then it changed', () => {
    const list = new SortedList<number>(byNumber);
    const before = list.version;
    list.insert(3);
    expect(list.version).not.to.equal(before);
  });

  it('given ranks outside the list, when walked, then nothing comes', () => {
    const list = new SortedList<number>(byNumber);
    list.insert(3);
    expect([...list.walk(1, false)]).to.deep.equal([]);
    expect([...list.walk(-1, true)]).to.deep.equal([]);
  });
});
