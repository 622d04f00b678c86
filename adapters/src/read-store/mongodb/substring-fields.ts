import type { Collection as DriverCollection, Document as DriverDocument } from 'mongodb';
import { substringFieldOfKey } from './gram-fields';

/**
 * Which fields of each collection have a substring index, read once per collection from its
 * indexes (so a process that did not declare them, e.g. the query API, narrows by grams too) and
 * updated when this process declares one. A substring index declared later by another process is
 * seen after a restart: declare indexes before writing, as the projections do at start.
 */
export class SubstringFields {
  private readonly known = new Map<string, Promise<string[]>>();

  of(collection: DriverCollection<DriverDocument>): Promise<string[]> {
    let fields = this.known.get(collection.collectionName);
    if (fields === undefined) {
      fields = collection.indexes().then(
        (indexes) => indexes.flatMap((i) => substringFieldOfKey(i.key) ?? []),
        (e: { code?: number }) => {
          if (e?.code === 26) return []; // NamespaceNotFound: no collection, no index yet
          this.known.delete(collection.collectionName);
          throw e;
        },
      );
      this.known.set(collection.collectionName, fields);
    }
    return fields;
  }

  /** The collection's indexes changed (this process declared some): read them again when next needed. */
  changed(collectionName: string): void {
    this.known.delete(collectionName);
  }

  /** Forgets every collection (after they were dropped). */
  clear(): void {
    this.known.clear();
  }
}
