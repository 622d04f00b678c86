import type { Filter } from '@support/domain';

/**
 * What a substring index knows of text: its grams, every run of GRAM_LENGTH code units. A text
 * contains a literal only if it holds every gram of that literal, so the documents holding all of a
 * literal's grams are a superset of those containing it; the filter then decides each of them.
 * Shared by the embedded store (grams as numbers) and the MongoDB adapter (grams as strings).
 */
export const GRAM_LENGTH = 3;

/**
 * The gram starting at `at`, as one small integer: the low 10 bits of each of its three code units
 * (exact for the first 1,024 characters of Unicode; other grams may share a number, which only adds
 * candidates for the filter to refuse, never loses one). A small integer is a cheap map key.
 */
export const gramCodeAt = (text: string, at: number): number =>
  ((text.charCodeAt(at) & 1023) << 20) | ((text.charCodeAt(at + 1) & 1023) << 10) | (text.charCodeAt(at + 2) & 1023);

/** The distinct grams of a text as numbers (none for a text shorter than a gram). */
export const gramCodesOf = (text: string): number[] => {
  const codes = new Set<number>();
  for (let at = 0; at + GRAM_LENGTH <= text.length; at++) codes.add(gramCodeAt(text, at));
  return [...codes];
};

/** The distinct grams of a text as strings. */
export const gramsOf = (text: string): string[] => {
  const grams = new Set<string>();
  for (let at = 0; at + GRAM_LENGTH <= text.length; at++) grams.add(text.slice(at, at + GRAM_LENGTH));
  return [...grams];
};

/** The strings a substring index reads in a field's value: the string, or the strings of an array. */
export const indexedTexts = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
};

const META = new Set(['.', '*', '+', '?', '^', '$', '{', '}', '(', ')', '[', ']', '\\', '|']);

/**
 * The literals a regular expression is an alternation of (`abc`, `a\.b|c d`), or undefined when it
 * is anything else (a class, a quantifier, an anchor, a group, an escape such as `\d`) or has a flag
 * that changes what a literal matches (`i`, `u`, `x`, ...; `m` and `s` do not).
 */
export const literalAlternatives = (pattern: unknown, options: unknown): string[] | undefined => {
  let source: string;
  let flags: string;
  if (pattern instanceof RegExp) {
    source = pattern.source;
    flags = pattern.flags + (typeof options === 'string' ? options : '');
  } else if (typeof pattern === 'string') {
    source = pattern;
    flags = options === undefined ? '' : typeof options === 'string' ? options : 'unknown';
  } else return undefined;
  if (!/^[ms]*$/.test(flags)) return undefined;
  const literals: string[] = [];
  let current = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined || /[0-9A-Za-z]/.test(next)) return undefined;
      current += next;
      i++;
    } else if (c === '|') {
      literals.push(current);
      current = '';
    } else if (META.has(c)) return undefined;
    else current += c;
  }
  literals.push(current);
  return literals;
};

const isObject = (value: unknown): value is Filter => value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RegExp);

/** The literal alternatives of a field's condition when it is (or holds) such a regex. */
export const literalsOfCondition = (condition: unknown): string[] | undefined => {
  if (condition instanceof RegExp) return literalAlternatives(condition, undefined);
  if (isObject(condition) && '$regex' in condition) return literalAlternatives(condition.$regex, condition.$options);
  return undefined;
};

/**
 * The `$regex` conditions of literal alternatives that a filter puts on each field and that every
 * match must meet: those at the top level and inside a top-level `$and` (any one of them narrows).
 */
export const literalSearchesOf = (filter: Filter): Map<string, string[][]> => {
  const found = new Map<string, string[][]>();
  const visit = (part: Filter): void => {
    for (const [key, condition] of Object.entries(part)) {
      if (key === '$and' && Array.isArray(condition)) {
        for (const clause of condition) if (isObject(clause)) visit(clause);
      } else if (!key.startsWith('$')) {
        const literals = literalsOfCondition(condition);
        if (literals !== undefined) found.set(key, [...(found.get(key) ?? []), literals]);
      }
    }
  };
  visit(filter);
  return found;
};
