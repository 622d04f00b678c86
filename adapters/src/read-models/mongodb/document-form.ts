import type { CollectionShape } from '@support/domain';

/**
 * What of a read model's declared collections decides the documents this engine stores: which
 * collections there are and each one's search field (its grams are kept in the documents). The
 * indexes (and the search's scope, an index too) are made and dropped in place, and the fields and
 * lists declared for SQLite's columns change nothing here, so a change of those alone does not
 * empty the read model (as on SQLite, whose form leaves out only the indexes). `shape` is the JSON
 * text the `read_models` entry keeps. Pure.
 */
export const documentForm = (shape: string): string => {
  const collections = JSON.parse(shape) as Record<string, CollectionShape>;
  return JSON.stringify(Object.entries(collections).map(([name, c]) => [name, c.search ?? null]));
};

/**
 * Whether a read model declared with `version` and `shape` must be emptied and rebuilt from the log
 * rather than declared over what is stored: it was never declared here (a database an older adapter
 * wrote, whose documents would outlive the replay), or its version or document form changed. Pure.
 */
export const needsReset = (stored: { readonly version: number; readonly shape: string } | null, version: number, shape: string): boolean => {
  if (stored === null || stored.version !== version) return true;
  try {
    return documentForm(stored.shape) !== documentForm(shape);
  } catch {
    return true; // a stored shape that cannot be read says nothing of the documents
  }
};
