import { BodyPath } from './body-path';

/** Objects and arrays nested deeper than this are refused before any validation recurses. */
export const MAX_BODY_DEPTH = 32;

/** Keys that reach an object's prototype when code copies or merges bodies: refused anywhere. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** How many examples of each kind of problem are kept (the rest are only counted). */
const EXAMPLES = 3;

export interface FindingGroup {
  /** The first few places, in document order. */
  readonly paths: readonly BodyPath[];
  readonly count: number;
}

/** What is wrong with a parsed body, by kind: too deep, prototype keys, text that is not well-formed UTF-16, text with control characters. */
export interface BodyFindings {
  readonly tooDeep: FindingGroup;
  readonly forbiddenKeys: FindingGroup;
  readonly malformedText: FindingGroup;
  readonly controlCharacters: FindingGroup;
}

/** A lone (unpaired) UTF-16 surrogate: text that has no UTF-8 form and cannot be URL- or byte-encoded. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isWellFormedText = (s: string): boolean => !LONE_SURROGATE.test(s);

/**
 * NUL and the other C0 control characters but tab, line feed and carriage return: no text field
 * holds them on purpose, and tools downstream cut or drop text at them (pandas' C parser ends a
 * cell at NUL).
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

const isFreeOfControlCharacters = (s: string): boolean => !CONTROL_CHARACTER.test(s);

class Group {
  readonly paths: BodyPath[] = [];
  count = 0;
  add(path: () => BodyPath): void {
    this.count += 1;
    if (this.paths.length < EXAMPLES) this.paths.push(path());
  }
}

/** A visited place: its key under its parent (paths are built only for the few that are reported). */
interface Place {
  readonly value: unknown;
  readonly key: string | number | null;
  readonly parent: Place | null;
  readonly depth: number;
}

const pathOf = (place: Place): BodyPath => {
  const path: (string | number)[] = [];
  for (let p: Place | null = place; p !== null && p.key !== null; p = p.parent) path.push(p.key);
  return path.reverse();
};

/**
 * One walk over a parsed JSON body with an explicit stack (so no depth can overflow the call
 * stack). Below MAX_BODY_DEPTH nothing is visited: the deep place is reported once.
 */
export const inspectBody = (body: unknown): BodyFindings => {
  const tooDeep = new Group();
  const forbiddenKeys = new Group();
  const malformedText = new Group();
  const controlCharacters = new Group();
  const stack: Place[] = [{ value: body, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    const { value } = place;
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) malformedText.add(() => pathOf(place));
      if (!isFreeOfControlCharacters(value)) controlCharacters.add(() => pathOf(place));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (place.depth >= MAX_BODY_DEPTH) {
      tooDeep.add(() => pathOf(place));
      continue;
    }
    const depth = place.depth + 1;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], key: i, parent: place, depth });
      continue;
    }
    const keys = Object.keys(value);
    for (const key of keys) {
      if (FORBIDDEN_KEYS.has(key)) forbiddenKeys.add(() => [...pathOf(place), key]);
      if (!isWellFormedText(key)) malformedText.add(() => [...pathOf(place), key]);
      if (!isFreeOfControlCharacters(key)) controlCharacters.add(() => [...pathOf(place), key]);
    }
    // Pushed in reverse so that places are visited in document order.
    for (let i = keys.length - 1; i >= 0; i -= 1) stack.push({ value: (value as Record<string, unknown>)[keys[i]], key: keys[i], parent: place, depth });
  }
  return { tooDeep, forbiddenKeys, malformedText, controlCharacters };
};
