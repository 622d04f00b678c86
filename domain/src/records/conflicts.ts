/**
 * The conflicts of a written record (docs/api/records-and-actions.md, Conflicts): another record of the same
 * resource holding the same value in a field configured unique (or, for upsert, in idField).
 * The write happens anyway (fields are not enforced unique); conflicts report it.
 */
export interface RecordConflict {
  readonly recordId: string;
  readonly field: string;
  readonly value: unknown;
}

/** Fields whose duplicates are reported: the unique ones, and the upsert's idField. */
export const conflictFields = (fields: readonly { key: string; unique?: boolean }[], idField?: string): string[] => {
  const keys = fields.filter((f) => f.unique === true).map((f) => f.key);
  return idField !== undefined && !keys.includes(idField) ? [...keys, idField] : keys;
};
