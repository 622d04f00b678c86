import type { IndexEntry } from './secondary-index';

/** The documents holding one exact key. */
interface Group {
  readonly key: readonly unknown[];
  readonly ids: string[];
}

/** Stands for null among a level's keys (no string is it). */
const NULL_KEY = Symbol('null');

/** A level of the groups: by one field's value, the next level (or, at the last field, the group). */
type Level = Map<string | symbol, Level | Group>;

/** A key's value as a level's key: a string as it is, null as NULL_KEY; undefined for any other value. */
const levelKey = (value: unknown): string | symbol | undefined => (typeof value === 'string' ? value : value === null ? NULL_KEY : undefined);

/**
 * An index's entries grouped by their exact key, unsorted: what a replay keeps of an index its
 * projection reads by whole keys (a customer's tickets by account and customer). Adding an entry is
 * a hash lookup per field, where a sorted list of 100,000 entries costs two binary searches over
 * entries all over memory (about 10 µs an insert in a rebuild). Only keys whose values are all
 * strings or null are held (so that equal keys are found as one); `add` answers false for any other.
 */
export class KeyGroups {
  private readonly root: Level = new Map();
  private entries = 0;

  /** Whether `a` and `b` are one key that groups can hold. */
  static sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (levelKey(a[i]) === undefined || a[i] !== b[i]) return false;
    return true;
  }

  constructor(private readonly fields: number) {}

  get size(): number {
    return this.entries;
  }

  /** False (nothing held) when the key cannot be held. */
  add(key: readonly unknown[], id: string): boolean {
    let level = this.root;
    for (let i = 0; i < this.fields - 1; i++) {
      const k = levelKey(key[i]);
      if (k === undefined) return false;
      let next = level.get(k) as Level | undefined;
      if (next === undefined) level.set(k, (next = new Map()));
      level = next;
    }
    const k = levelKey(key[this.fields - 1]);
    if (k === undefined) return false;
    const group = level.get(k) as Group | undefined;
    if (group === undefined) level.set(k, { key, ids: [id] });
    else group.ids.push(id);
    this.entries++;
    return true;
  }

  remove(key: readonly unknown[], id: string): void {
    const group = this.groupOf(key);
    const at = group === undefined ? -1 : group.ids.indexOf(id);
    if (group === undefined || at < 0) return;
    group.ids.splice(at, 1);
    this.entries--;
    // An emptied group stays (a replay rarely empties one); idsOf and allEntries pass it as none.
  }

  /** The ids holding exactly `key`, in `_id` order (the order of an index's entries of one key); null when no key like it can be held. */
  idsOf(key: readonly unknown[]): string[] | null {
    for (let i = 0; i < this.fields; i++) if (levelKey(key[i]) === undefined) return null;
    const group = this.groupOf(key);
    return group === undefined ? [] : group.ids.slice().sort(byText);
  }

  /** Every entry (key values, then the id), unsorted. */
  allEntries(): IndexEntry[] {
    const all: IndexEntry[] = [];
    const walk = (level: Level, depth: number): void => {
      for (const value of level.values()) {
        if (depth < this.fields - 1) walk(value as Level, depth + 1);
        else for (const id of (value as Group).ids) all.push((value as Group).key.concat(id));
      }
    };
    walk(this.root, 0);
    return all;
  }

  private groupOf(key: readonly unknown[]): Group | undefined {
    let level: Level | Group | undefined = this.root;
    for (let i = 0; i < this.fields && level !== undefined; i++) {
      const k = levelKey(key[i]);
      if (k === undefined) return undefined;
      level = (level as Level).get(k);
    }
    return level as Group | undefined;
  }
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
