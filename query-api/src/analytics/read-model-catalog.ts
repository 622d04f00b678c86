import { IndexSpec } from '@support/domain';

/** A read model as its projection declares it: its name and the collections it owns, with their indexes. */
export interface ReadModelInfo {
  readonly name: string;
  readonly indexes: Readonly<Record<string, readonly IndexSpec[]>>;
}

/** The collection names analysts may query: those the running read models own. */
export const queryableCollections = (readModels: readonly ReadModelInfo[]): ReadonlySet<string> =>
  new Set(readModels.flatMap((m) => Object.keys(m.indexes)));

/** The catalog as answered by GET /admin/read-models. */
export const catalogView = (readModels: readonly ReadModelInfo[]) => ({
  readModels: readModels.map((m) => ({
    name: m.name,
    collections: Object.entries(m.indexes).map(([name, indexes]) => ({ name, indexes: indexes.map((i) => ({ name: i.name ?? null, key: i.key, unique: i.unique ?? false })) })),
  })),
});
