/** A value as SQLite stores it in a column or takes it as a parameter. */
export type SqlValue = string | number | bigint | Buffer | null;

/** Double quotes around an identifier (table, column), with its own double quotes doubled. */
export const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * A document field's value as its column holds it: text and numbers as they are, true/false as
 * 1/0, missing as NULL, lists and objects as their JSON text (analysts read them with json_each).
 */
export const toColumn = (value: unknown): SqlValue => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return JSON.stringify(value);
};

/** The value of a dotted path in a document (undefined when a step is missing). */
export const valueAt = (doc: Readonly<Record<string, unknown>>, path: string): unknown => {
  if (!path.includes('.')) return doc[path];
  let current: unknown = doc;
  for (const step of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
};

/** The JSON path of a dotted field path, for json_extract: a.b → $."a"."b". */
export const jsonPath = (path: string): string => `$${path.split('.').map((step) => `."${step.replace(/"/g, '""')}"`).join('')}`;
