import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Document, IndexSpec } from '@support/domain';
import { GRAM_LENGTH, gramCodeAt, indexedTexts } from '../substring-grams';
import { FieldPath, splitPath, valueAt, valuesAtPath } from './field-path';
import { compareBson, isIndexableScalar } from './bson-order';
import { intersectSorted, PostingList } from './posting-list';
import { PAUSE } from './scan-pause';

/** Most time a build runs before it lets other work run. */
const BUILD_SLICE_MS = 8;

/** Candidate lists this short are cheaper to test with the filter than to narrow further. */
const FEW = 32;

/**
 * A gram held by more than this share of the documents is not intersected: it would remove few
 * candidates (each then tested by its text or the filter, about what a step of the intersection
 * costs) for a step per candidate. "customer 131" at 100,000 tickets: seven grams every ticket holds.
 */
const WIDE_GRAM_SHARE = 0.5;

/** Literals whose candidates the index remembers until its next write (see ordinalsHolding). */
const RECENT_LITERALS = 16;

/** An exact count lets other work run after this many candidates (see scan-pause). */
const COUNT_BATCH = 4_096;

/**
 * A substring index over one field (the last of the spec's key; the fields before it are left to
 * the filter): for each gram of the field's text, the documents holding it. A document gets a new
 * ordinal whenever its text changes, so every posting list stays an ascending append-only list;
 * the old ordinal goes stale. Queries intersect the lists of a literal's grams, smallest first (not
 * those most documents hold), and answer candidate ids: a superset of the documents containing the
 * literal, which the filter decides.
 */
export class SubstringIndex {
  readonly field: string;
  /** The key's fields before the text field (an account): kept per entry, so a count can check them without the document. */
  readonly leadingFields: readonly string[];
  private readonly path: FieldPath;
  private readonly leadingPaths: readonly FieldPath[];
  private postings = new Map<number, PostingList>();
  private ordinalOf = new Map<string, number>();
  /** Id of each live ordinal; undefined: stale. */
  private idAt: (string | undefined)[] = [];
  /** The text of each ordinal (the document's own string when the field holds one). */
  private textAt: string[] = [];
  /** The leading fields' values of each ordinal, leadingFields.length of them an ordinal. */
  private leadAt: unknown[] = [];
  private readonly recent = new Map<string, ArrayLike<number>>();
  private staleOrdinals = 0;
  /** The build under way (see build), or null when the index covers every document. */
  private building: Promise<void> | null = null;
  private generation = 0;

  constructor(
    readonly name: string,
    readonly spec: IndexSpec,
  ) {
    const fields = Object.keys(spec.key);
    this.field = fields[fields.length - 1];
    this.path = splitPath(this.field);
    this.leadingFields = fields.slice(0, -1);
    this.leadingPaths = this.leadingFields.map(splitPath);
  }

  /**
   * The text of a document the index reads (joined strings of an array, so no gram spans two of
   * them). A dotted path is followed through arrays, as a `$regex` on it matches any string it reaches.
   */
  textOf(doc: Document): string {
    const texts = this.path.length === 1 ? indexedTexts(valueAt(doc, this.path)) : valuesAtPath(doc, this.path).values.filter((v): v is string => typeof v === 'string');
    return texts.join('\u0000\u0000');
  }

  add(doc: Document): void {
    this.addText(doc._id, this.textOf(doc), doc);
  }

  remove(doc: Document): void {
    this.removeText(doc._id, this.textOf(doc));
  }

  /** `next` replaces `previous` (same _id): the entries move only when the text or a leading field changed. */
  replace(previous: Document, next: Document): void {
    const before = this.textOf(previous);
    const after = this.textOf(next);
    if (before === after && this.leadingPaths.every((path) => compareBson(valueAt(previous, path), valueAt(next, path)) === 0)) return;
    this.removeText(previous._id, before);
    this.addText(next._id, after, next);
  }

  private addText(id: string, text: string, doc: Document): void {
    if (text.length < GRAM_LENGTH) return;
    this.forgetRecent();
    const ordinal = this.idAt.length;
    this.idAt.push(id);
    this.textAt.push(text);
    for (const path of this.leadingPaths) this.leadAt.push(valueAt(doc, path));
    this.ordinalOf.set(id, ordinal);
    const postings = this.postings;
    const n = text.length - GRAM_LENGTH + 1;
    for (let at = 0; at < n; at++) {
      const code = gramCodeAt(text, at);
      let list = postings.get(code);
      if (list === undefined) {
        list = new PostingList();
        postings.set(code, list);
      }
      // A gram repeated in the text is appended once (the ordinal is then the list's last).
      if (list.last() !== ordinal) list.append(ordinal);
    }
  }

  /** Retires the ordinal of `id` in the lists of its text's grams (a repeated gram retires twice: it only compacts a little earlier). */
  private removeText(id: string, text: string): void {
    const ordinal = this.ordinalOf.get(id);
    if (ordinal === undefined) return;
    this.forgetRecent();
    this.ordinalOf.delete(id);
    this.idAt[ordinal] = undefined;
    this.textAt[ordinal] = '';
    for (let f = 0; f < this.leadingPaths.length; f++) this.leadAt[ordinal * this.leadingPaths.length + f] = undefined;
    this.staleOrdinals++;
    const isLive = this.isLive;
    for (let at = 0; at + GRAM_LENGTH <= text.length; at++) this.postings.get(gramCodeAt(text, at))?.retire(isLive);
    if (this.staleOrdinals > 4 * this.ordinalOf.size + 65_536) this.renumber();
  }

  private readonly isLive = (ordinal: number): boolean => this.idAt[ordinal] !== undefined;

  clear(): void {
    this.postings = new Map();
    this.ordinalOf = new Map();
    this.idAt = [];
    this.textAt = [];
    this.leadAt = [];
    this.staleOrdinals = 0;
    this.forgetRecent();
    this.generation++;
    this.building = null;
  }

  /** Whether the index covers every document (queries use it only then). */
  get ready(): boolean {
    return this.building === null;
  }

  /** Resolves once the index covers every document. */
  whenReady(): Promise<void> {
    return this.building ?? Promise.resolve();
  }

  /**
   * Builds the index over the table's documents (a snapshot restored, or an index declared over
   * existing documents) a slice of time at a time, so neither a restart nor requests wait for it;
   * queries scan until it is ready. Writes meanwhile keep it right: a document written since the
   * build started is indexed by that write (its current text), and the build skips it.
   */
  build(byId: ReadonlyMap<string, Document>): void {
    this.clear();
    if (byId.size === 0) return;
    const generation = this.generation;
    const ids = [...byId.keys()];
    this.building = (async () => {
      for (let i = 0; i < ids.length; ) {
        const until = performance.now() + BUILD_SLICE_MS;
        while (i < ids.length && performance.now() < until) {
          for (const end = Math.min(ids.length, i + 256); i < end; i++) {
            const doc = byId.get(ids[i]);
            if (doc !== undefined && !this.ordinalOf.has(doc._id)) this.add(doc);
          }
        }
        await nextTurn();
        if (this.generation !== generation) return;
      }
      this.building = null;
    })();
  }

  /**
   * The documents that may contain one of the literals (each at least a gram long): how many at
   * most (the intersections of each literal's gram lists, as ordinals: cheap) and their ids (made
   * only when asked: a planner may prefer another plan). Undefined when a literal is too short.
   */
  lookup(literals: readonly string[]): { readonly most: number; ids(): string[] } | undefined {
    if (literals.length === 0 || literals.some((l) => l.length < GRAM_LENGTH)) return undefined;
    const found = literals.map((literal) => this.ordinalsHolding(literal));
    const idAt = this.idAt;
    return {
      most: found.reduce((sum, ordinals) => sum + ordinals.length, 0),
      ids: () => {
        const ids: string[] = [];
        for (const ordinals of found) {
          for (let i = 0; i < ordinals.length; i++) {
            const id = idAt[ordinals[i]];
            if (id !== undefined) ids.push(id);
          }
        }
        // A document may hold two of the literals (its ordinal is in both answers).
        return literals.length === 1 ? ids : [...new Set(ids)];
      },
    };
  }

  /**
   * How many documents contain one of the literals (each at least a gram long) and hold `leading`
   * in the leading fields (undefined: any value), counted from what the index keeps of each entry
   * without reading a document: the candidates of the literals' grams, each tested for the literal
   * in its text (what a `$regex` of literal alternatives matches: a literal holds no NUL, so it
   * cannot span two strings of an array). Undefined when a literal is too short, when a constrained
   * leading field is a dotted path, or when a candidate's leading field holds a value that an
   * equality may match in more than one way (an array, a sub-document); the caller then counts
   * with the filter. The count is the generator's return value; it pauses every COUNT_BATCH
   * candidates.
   */
  *countContaining(literals: readonly string[], leading: readonly unknown[]): Generator<typeof PAUSE, number | undefined> {
    if (literals.length === 0 || literals.some((l) => l.length < GRAM_LENGTH || l.includes('\u0000'))) return undefined;
    // A dotted leading field may cross an array, where an equality matches in ways one kept value cannot tell.
    if (this.leadingPaths.some((path, f) => path.length > 1 && leading[f] !== undefined)) return undefined;
    const found = literals.map((literal) => this.ordinalsHolding(literal));
    const width = this.leadingPaths.length;
    const counted = literals.length === 1 ? null : new Set<number>();
    let count = 0;
    let tested = 0;
    for (const ordinals of found) {
      for (let i = 0; i < ordinals.length; i++) {
        const ordinal = ordinals[i];
        if (++tested % COUNT_BATCH === 0) yield PAUSE;
        if (this.idAt[ordinal] === undefined || counted?.has(ordinal) === true) continue;
        let holds = true;
        for (let f = 0; f < width && holds; f++) {
          const wanted = leading[f];
          if (wanted === undefined) continue;
          const value = this.leadAt[ordinal * width + f];
          if (value !== undefined && !isIndexableScalar(value)) return undefined;
          holds = compareBson(value, wanted) === 0;
        }
        if (!holds) continue;
        const text = this.textAt[ordinal];
        if (!literals.some((literal) => text.includes(literal))) continue;
        counted?.add(ordinal);
        count++;
      }
    }
    return count;
  }

  /** The ids `lookup` gives (see there). */
  candidates(literals: readonly string[]): string[] | undefined {
    return this.lookup(literals)?.ids();
  }

  /**
   * The ordinals holding every gram of a literal, remembered until the next write: one list asks
   * twice (its total, then the plan of its page), and the lists of a short literal's grams are long
   * (a name fragment: 1.6 ms to intersect at 100,000 tickets). Callers only read the answer.
   */
  private ordinalsHolding(literal: string): ArrayLike<number> {
    let found = this.recent.get(literal);
    if (found === undefined) {
      if (this.recent.size >= RECENT_LITERALS) this.recent.clear();
      found = this.intersectGrams(literal);
      this.recent.set(literal, found);
    }
    return found;
  }

  /** The index changed: what it remembered of literals no longer holds. */
  private forgetRecent(): void {
    if (this.recent.size > 0) this.recent.clear();
  }

  private intersectGrams(literal: string): ArrayLike<number> {
    const lists: Int32Array[] = [];
    const seen = new Set<number>();
    for (let at = 0; at + GRAM_LENGTH <= literal.length; at++) {
      const code = gramCodeAt(literal, at);
      if (seen.has(code)) continue;
      seen.add(code);
      const list = this.postings.get(code);
      if (list === undefined || list.length === 0) return [];
      lists.push(list.view());
    }
    lists.sort((a, b) => a.length - b.length);
    // The intersection is a new array: a view of a list would change with the next write.
    const wide = this.ordinalOf.size * WIDE_GRAM_SHARE;
    let found: ArrayLike<number> = lists.length === 1 ? lists[0].slice() : lists[0];
    for (let i = 1; i < lists.length && found.length > FEW && lists[i].length <= wide; i++) found = intersectSorted(found, lists[i]);
    return found === lists[0] ? lists[0].slice() : found;
  }

  /** Gives every live document a fresh ordinal, dropping stale ones (when they outnumber the live ones). */
  private renumber(): void {
    this.forgetRecent();
    const fresh = new Int32Array(this.idAt.length).fill(-1);
    const idAt: string[] = [];
    const textAt: string[] = [];
    const leadAt: unknown[] = [];
    const width = this.leadingPaths.length;
    for (let old = 0; old < this.idAt.length; old++) {
      const id = this.idAt[old];
      if (id === undefined) continue;
      fresh[old] = idAt.length;
      idAt.push(id);
      textAt.push(this.textAt[old]);
      for (let f = 0; f < width; f++) leadAt.push(this.leadAt[old * width + f]);
    }
    const postings = new Map<number, PostingList>();
    for (const [code, list] of this.postings) {
      const kept = new PostingList();
      for (const ordinal of list.view()) if (fresh[ordinal] >= 0) kept.append(fresh[ordinal]);
      if (kept.length > 0) postings.set(code, kept);
    }
    this.idAt = idAt;
    this.textAt = textAt;
    this.leadAt = leadAt;
    this.ordinalOf = new Map(idAt.map((id, i) => [id, i]));
    this.postings = postings;
    this.staleOrdinals = 0;
  }
}
