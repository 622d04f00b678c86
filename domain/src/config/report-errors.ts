import * as t from 'io-ts';

/** One problem in a configuration document or request body, with the path of the bad key. */
export interface PathError {
  /** e.g. ["accounts", 0, "users", 1, "role"] */
  readonly path: readonly (string | number)[];
  readonly reason: string;
}

/** Marks a custom codec that validates through inner codecs without adding a key of its own. */
const COMBINATOR = Symbol('combinator');

export const markCombinator = <T extends object>(codec: T): T => Object.assign(codec, { [COMBINATOR]: true });

const isCombinator = (type: t.Decoder<unknown, unknown>): boolean =>
  type instanceof t.IntersectionType || type instanceof t.UnionType || type instanceof t.ExactType || type instanceof t.RefinementType ||
  (type as unknown as Record<symbol, unknown>)[COMBINATOR] === true;

const describe = (value: unknown): string => {
  if (value === undefined) return 'it is missing';
  const json = JSON.stringify(value);
  return `got ${json === undefined ? String(value) : json.length > 60 ? `${json.slice(0, 57)}...` : json}`;
};

/** io-ts's own names of its unknown-content codecs, in the words the docs use. */
const READABLE_NAMES: Readonly<Record<string, string>> = { UnknownRecord: 'an object', UnknownArray: 'an array' };

/** Turns io-ts errors into path + reason, dropping the member indexes of intersections and unions. */
export const reportErrors = (errors: t.Errors): PathError[] => {
  const seen = new Set<string>();
  const out: PathError[] = [];
  for (const error of errors) {
    const path: (string | number)[] = [];
    error.context.forEach((entry, i) => {
      if (i === 0) return;
      // Intersections and unions add their member index; keys a combinator names itself are kept.
      if (isCombinator(error.context[i - 1].type) && /^\d+$/.test(entry.key)) return;
      path.push(/^\d+$/.test(entry.key) ? Number(entry.key) : entry.key);
    });
    const last = error.context[error.context.length - 1];
    const reason = error.message ?? (error.value === undefined ? 'is required' : `must be ${last === undefined ? 'valid' : READABLE_NAMES[last.type.name] ?? last.type.name}, ${describe(error.value)}`);
    const key = `${formatPath(path)}|${reason}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ path, reason });
    }
  }
  return out;
};

/** accounts[0].users[1].role */
export const formatPath = (path: readonly (string | number)[]): string =>
  path.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc === '' ? k : `${acc}.${k}`), '');
