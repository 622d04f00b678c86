import { personalFieldsOf } from './personal-fields';
import { kindOf, placeholderOf, SEALED_FIELD, SealedEnvelope, ValueKind } from './sealed-envelope';

type Data = Record<string, unknown>;
type Container = Data | unknown[];

const isObject = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/**
 * The places a field name reaches in data, as paths of keys (list elements by their index): `a.b`
 * is `b` of the object `a`, `a.*.b` is `b` of each element of the list `a`. Places holding nothing
 * (absent or null) are left out.
 */
const placesOf = (node: unknown, pattern: readonly string[], at: readonly string[] = [], out: string[][] = []): string[][] => {
  if (pattern.length === 0) {
    if (node !== undefined && node !== null) out.push([...at]);
    return out;
  }
  const [step, ...rest] = pattern as [string, ...string[]];
  if (step === '*') {
    if (Array.isArray(node)) node.forEach((element, i) => placesOf(element, rest, [...at, String(i)], out));
  } else if (isObject(node)) {
    placesOf(node[step], rest, [...at, step], out);
  }
  return out;
};

const valueAt = (data: Data, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (isContainer(node) ? (node as Data)[key] : undefined), data);

/**
 * Sets (or, `remove`, deletes) the value at `path`, copying each object and list on the way the
 * first time (`owned` holds the copies already made, changed in place after), so that the data given
 * is never changed. Answers the root's copy; a path whose containers are gone changes nothing.
 */
const setAt = (root: Data, path: readonly string[], value: unknown, remove: boolean, owned: Set<Container>): Data => {
  const own = <C extends Container>(c: C): C => {
    if (owned.has(c)) return c;
    const copy = (Array.isArray(c) ? c.slice() : { ...c }) as C;
    owned.add(copy);
    return copy;
  };
  const top = own(root);
  let parent: Container = top;
  for (const key of path.slice(0, -1)) {
    const child: unknown = (parent as Data)[key];
    if (!isContainer(child)) return top;
    const mine: Container = own(child);
    (parent as Data)[key] = mine;
    parent = mine;
  }
  const last = path[path.length - 1]!;
  if (remove) delete (parent as Data)[last]; else (parent as Data)[last] = value;
  return top;
};

/** An event's data split into what stays in the clear and its personal values, in field order. */
export interface SeparatedData {
  /** A copy of the data of its own (the caller may add to it). */
  readonly clear: Data;
  /** Each value's place (keys and list indexes joined by dots) and kind. */
  readonly fields: readonly (readonly [string, ValueKind])[];
  readonly values: readonly unknown[];
}

/**
 * The personal values of an event of this type taken out of its data (null when it holds none:
 * a type without personal fields, or every such field absent or null). Pure: data is not changed.
 */
export const separatePersonal = (eventType: string, data: unknown): SeparatedData | null => {
  const names = personalFieldsOf(eventType);
  if (names.length === 0 || !isObject(data) || SEALED_FIELD in data) return null;
  const owned = new Set<Container>();
  let clear: Data = data;
  const fields: [string, ValueKind][] = [];
  const values: unknown[] = [];
  for (const name of names) {
    for (const path of placesOf(data, name.split('.'))) {
      const value = valueAt(data, path);
      fields.push([path.join('.'), kindOf(value)]);
      values.push(value);
      clear = setAt(clear, path, undefined, true, owned);
    }
  }
  return fields.length === 0 ? null : { clear, fields, values };
};

/**
 * The event's data as it was before sealing: the values put back in their places, or, when they
 * were erased (values null), a placeholder of each value's kind. The envelope field goes. One copy
 * of the data (and of each object or list a place is in).
 */
export const joinPersonal = (data: Data, envelope: SealedEnvelope, values: readonly unknown[] | null): Data => {
  const joined: Data = {};
  for (const key in data) if (key !== SEALED_FIELD) joined[key] = data[key];
  const owned = new Set<Container>([joined]);
  envelope.f.forEach(([field, kind], i) => {
    setAt(joined, field.split('.'), values === null ? placeholderOf(kind) : values[i], false, owned);
  });
  return joined;
};
