/**
 * The fields this engine keeps in a read-model document beside the projection's own: they are
 * written with every document and left out of every document it returns (HIDDEN_FIELDS).
 */

/** The position of the last event applied to the document, as fixed-width text (see positionKey). */
export const APPLIED_POSITION = '_appliedPosition';

/** The distinct 3-character grams of the collection's search field (see search-grams). */
export const GRAMS = '_grams';

/** The projection that leaves the internal fields out of a returned document. */
export const HIDDEN_FIELDS: Readonly<Record<string, 0>> = { [APPLIED_POSITION]: 0, [GRAMS]: 0 };

/** A stored document without the internal fields. */
export const withoutInternalFields = <T extends Record<string, unknown>>(doc: T): T => {
  const { [APPLIED_POSITION]: _position, [GRAMS]: _grams, ...rest } = doc;
  return rest as T;
};
