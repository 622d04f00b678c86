import type { DocumentWrite } from '@support/domain';

type Fields = Record<string, unknown>;

/** The smaller of the stored and the given value, as the SQLite engine keeps it: the given unless the stored is of its type and not above it. */
const minOf = (current: unknown, given: string | number): string | number =>
  (typeof current === typeof given && (current as string | number) <= given ? (current as string | number) : given);

/** The fields as their JSON would hold them: a field set to undefined is gone. */
const defined = (doc: Fields): Fields => Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined));

/**
 * The document after some writes of one event in order, from `current` (null: missing), with the
 * SQLite engine's meaning of each write: remove makes it missing; a write to a missing document
 * makes it only with `upsert`; `set` replaces fields; `min` keeps the smaller of the value before
 * the write and the given one. The writer folds an event's writes to one document into one
 * replacement so that the position guard, which lets one write of an event through per document,
 * loses none of them. Pure.
 */
export const foldWrites = (id: string, current: Fields | null, writes: readonly DocumentWrite[]): Fields | null => {
  let doc = current;
  for (const w of writes) {
    if (w.remove === true) {
      doc = null;
      continue;
    }
    if (doc === null && w.upsert !== true) continue;
    const next: Fields = defined({ ...(doc ?? {}), ...w.set, _id: id });
    for (const [field, value] of Object.entries(w.min ?? {})) next[field] = minOf(doc?.[field], value);
    doc = next;
  }
  return doc;
};
