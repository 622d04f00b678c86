import type { Document, Projection } from '@support/domain';
import { cloneValue } from './clone-value';
import { isPlainObject } from './field-path';

/** A projection's paths as a tree: a leaf (true) projects the whole field. */
type PathTree = Map<string, PathTree | true>;

/** A compiled projection: makes the copy of a stored document that a caller receives. */
export type Projector = (doc: Document) => Document;

/**
 * Compiles an inclusion or exclusion projection as MongoDB applies it: `_id` is kept unless
 * excluded, dotted paths reach into sub-documents and arrays of sub-documents, and fields keep
 * the order they have in the document. With `share` (a read-only find) the projected values are
 * the stored ones, not copies: stored documents are never mutated.
 */
export function compileProjection(projection: Projection | undefined, share = false): Projector {
  const entries = Object.entries(projection ?? {});
  const take = share ? <T>(value: T): T => value : cloneValue;
  if (entries.length === 0) return (doc) => take(doc);
  const idValue = projection?._id;
  const others = entries.filter(([path]) => path !== '_id');
  const including = others.some(([, v]) => v === 1 || (v as unknown) === true);
  for (const [path, v] of others) {
    const includes = v === 1 || (v as unknown) === true;
    if (includes !== including) {
      throw new Error(`Cannot do ${including ? 'exclusion' : 'inclusion'} on field ${path} in ${including ? 'inclusion' : 'exclusion'} projection`);
    }
  }
  const keepId = idValue === undefined || idValue === 1 || (idValue as unknown) === true;
  if (!including) {
    const tree = buildTree(keepId ? others.map(([p]) => p) : ['_id', ...others.map(([p]) => p)]);
    return (doc) => exclude(doc, tree, take) as Document;
  }
  const tree = buildTree(keepId ? ['_id', ...others.map(([p]) => p)] : others.map(([p]) => p));
  return (doc) => include(doc, tree, take) as Document;
}

function buildTree(paths: readonly string[]): PathTree {
  const root: PathTree = new Map();
  for (const path of paths) {
    const parts = path.split('.');
    let node = root;
    parts.forEach((part, i) => {
      const existing = node.get(part);
      const last = i === parts.length - 1;
      if (existing === true || (last && existing !== undefined)) throw new Error(`Path collision at ${path}`);
      if (last) node.set(part, true);
      else {
        const child: PathTree = existing ?? new Map();
        node.set(part, child);
        node = child;
      }
    });
  }
  return root;
}

/** How a projected value is taken from the stored document: copied, or shared (read-only finds). */
type Take = <T>(value: T) => T;

function include(value: Record<string, unknown>, tree: PathTree, take: Take): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // for-in: stored documents are plain objects (nothing enumerable inherited), and it walks them without making an array of their keys.
  for (const key in value) {
    const sub = tree.get(key);
    if (sub === undefined) continue;
    const field = value[key];
    if (sub === true) out[key] = take(field);
    else if (isPlainObject(field)) out[key] = include(field, sub, take);
    else if (Array.isArray(field)) out[key] = includeInArray(field, sub, take);
  }
  return out;
}

function includeInArray(values: readonly unknown[], tree: PathTree, take: Take): unknown[] {
  const out: unknown[] = [];
  for (const element of values) {
    if (isPlainObject(element)) out.push(include(element, tree, take));
    else if (Array.isArray(element)) out.push(includeInArray(element, tree, take));
  }
  return out;
}

function exclude(value: Record<string, unknown>, tree: PathTree, take: Take): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // for-in: stored documents are plain objects (nothing enumerable inherited), and it walks them without making an array of their keys.
  for (const key in value) {
    const sub = tree.get(key);
    const field = value[key];
    if (sub === true) continue;
    if (sub === undefined) out[key] = take(field);
    else if (isPlainObject(field)) out[key] = exclude(field, sub, take);
    else if (Array.isArray(field)) out[key] = field.map((e: unknown) => (isPlainObject(e) ? exclude(e, sub, take) : take(e)));
    else out[key] = take(field);
  }
  return out;
}
