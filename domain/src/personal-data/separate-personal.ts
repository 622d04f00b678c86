import { personalFieldsOf } from './personal-fields';
import { kindOf, placeholderOf, SEALED_FIELD, SealedEnvelope, ValueKind } from './sealed-envelope';

type Data = Record<string, unknown>;

const isObject = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

const read = (data: Data, field: string): unknown => {
  const dot = field.indexOf('.');
  if (dot < 0) return data[field];
  const outer = data[field.slice(0, dot)];
  return isObject(outer) ? outer[field.slice(dot + 1)] : undefined;
};

/** An event's data split into what stays in the clear and its personal values, in field order. */
export interface SeparatedData {
  /** A copy of the data of its own (the caller may add to it). */
  readonly clear: Data;
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
  let clear: Data | null = null;
  const copied = new Set<string>();
  const fields: [string, ValueKind][] = [];
  const values: unknown[] = [];
  for (const name of names) {
    const value = read(data, name);
    if (value === undefined || value === null) continue;
    fields.push([name, kindOf(value)]);
    values.push(value);
    clear ??= { ...data };
    const dot = name.indexOf('.');
    if (dot < 0) {
      delete clear[name];
      continue;
    }
    const outerName = name.slice(0, dot);
    if (!copied.has(outerName)) {
      clear[outerName] = { ...(clear[outerName] as Data) };
      copied.add(outerName);
    }
    delete (clear[outerName] as Data)[name.slice(dot + 1)];
  }
  return clear === null ? null : { clear, fields, values };
};

/**
 * The event's data as it was before sealing: the values put back in their fields, or, when they
 * were erased (values null), a placeholder of each value's kind. The envelope field goes. One copy
 * of the data (and of each object an inner field is in).
 */
export const joinPersonal = (data: Data, envelope: SealedEnvelope, values: readonly unknown[] | null): Data => {
  const joined: Data = {};
  for (const key in data) if (key !== SEALED_FIELD) joined[key] = data[key];
  const copied = new Set<string>();
  envelope.f.forEach(([field, kind], i) => {
    const value = values === null ? placeholderOf(kind) : values[i];
    const dot = field.indexOf('.');
    if (dot < 0) {
      joined[field] = value;
      return;
    }
    const outerName = field.slice(0, dot);
    const outer = joined[outerName];
    if (!isObject(outer)) return;
    if (!copied.has(outerName)) {
      joined[outerName] = { ...outer };
      copied.add(outerName);
    }
    (joined[outerName] as Data)[field.slice(dot + 1)] = value;
  });
  return joined;
};
