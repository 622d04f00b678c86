import { ReadModelShape } from '@support/domain';

/** The collection names analysts may query: those the running read models own. */
export const queryableCollections = (catalog: readonly ReadModelShape[]): ReadonlySet<string> =>
  new Set(catalog.flatMap((m) => Object.keys(m.collections)));

/** The catalog as answered by GET /admin/read-models: each read model's collections with their fields, list fields, search field and indexes. */
export const catalogView = (catalog: readonly ReadModelShape[]) => ({
  readModels: catalog.map((m) => ({
    name: m.name,
    version: m.version,
    collections: Object.entries(m.collections).map(([name, shape]) => ({
      name,
      fields: shape.fields ?? [],
      lists: shape.lists ?? [],
      search: shape.search ?? null,
      indexes: (shape.indexes ?? []).map((i) => ({ name: i.name, fields: i.fields })),
    })),
  })),
});
