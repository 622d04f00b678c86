import { StatementSource } from './statements';
import type { SearchLookup } from './ticket-criteria-sql';

/** Search texts read to estimate how common each trigram is. */
const SAMPLE = 2_000;
/**
 * A fragment whose rarest trigram a tenth of the texts hold is looked up as a phrase: it matches
 * many tickets anyway, the phrase reads the same lists, and no candidate needs checking.
 */
const COMMON = 0.1;
/** The estimate is made again after this long, or once the table has grown by half. */
const STALE_MS = 10 * 60_000;

/** The distinct trigrams (three characters, by code point) of a text, in order. */
export const trigramsOf = (text: string): string[] => {
  const chars = [...text];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars[i] + chars[i + 1] + chars[i + 2]);
  return [...grams];
};

/**
 * How common each trigram of a table's search texts is, estimated from a random sample of rows
 * (by row number), so that a search looks up a fragment by its rarest trigrams: the FTS5 index
 * reads a trigram's whole list of documents, and one every ticket holds ("cus" of "customer")
 * costs a read of every ticket. The choice only makes the candidates fewer; each candidate is
 * checked against the whole fragment.
 */
export class GramFrequencies {
  private counts = new Map<string, number>();
  private sampledAt = 0;
  private sampledUpTo = 0;
  private sampled = 0;

  constructor(private readonly statements: StatementSource, private readonly table: string, private readonly column: string, private readonly now: () => number = Date.now) {}

  /** The fragment's three rarest trigrams (one the sample never met counts as rarest), or its phrase when even those are common. */
  lookup(fragment: string): SearchLookup {
    this.refreshIfStale();
    const rarest = trigramsOf(fragment)
      .map((g, i) => ({ g, i, count: this.counts.get(g) ?? 0 }))
      .sort((a, b) => a.count - b.count || a.i - b.i)
      .slice(0, 3);
    if (rarest.length === 0 || rarest[0].count >= COMMON * this.sampled) return { kind: 'phrase' };
    return { kind: 'grams', grams: rarest.map((x) => x.g) };
  }

  private refreshIfStale(): void {
    const top = (this.statements.get(`SELECT max(n) AS top FROM ${this.table}`).get() as { top: number | null }).top ?? 0;
    if (this.sampledAt !== 0 && this.now() - this.sampledAt < STALE_MS && top <= this.sampledUpTo * 1.5) return;
    const picks = top <= SAMPLE ? null : Array.from({ length: SAMPLE }, () => 1 + Math.floor(Math.random() * top));
    const texts = picks === null
      ? (this.statements.get(`SELECT ${this.column} AS t FROM ${this.table}`).all() as { t: unknown }[])
      : (this.statements.get(`SELECT ${this.column} AS t FROM ${this.table} WHERE n IN (SELECT value FROM json_each(?))`).all(JSON.stringify(picks)) as { t: unknown }[]);
    const counts = new Map<string, number>();
    for (const { t } of texts) {
      if (typeof t !== 'string') continue;
      for (const g of trigramsOf(t)) counts.set(g, (counts.get(g) ?? 0) + 1);
    }
    this.counts = counts;
    this.sampled = texts.length;
    this.sampledAt = this.now();
    this.sampledUpTo = Math.max(top, 1);
  }
}
