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

/** A copy of data with field set (an inner field's object copied too); data itself is not changed. */
const write = (data: Data, field: string, value: unknown, remove: boolean): Data => {
  const dot = field.indexOf('.');
  if (dot < 0) {
    const copy = { ...data };
    if (remove) delete copy[field]; else copy[field] = value;
    return copy;
  }
  const outerName = field.slice(0, dot);
  const outer = data[outerName];
  if (!isObject(outer)) return data;
  return { ...data, [outerName]: write(outer, field.slice(dot + 1), value, remove) };
};

/** An event's data split into what stays in the clear and its personal values, in field order. */
export interface SeparatedData {
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
  let clear: Data = data;
  const fields: [string, ValueKind][] = [];
  const values: unknown[] = [];
  for (const name of names) {
    const value = read(clear, name);
    if (value === undefined || value === null) continue;
    fields.push([name, kindOf(value)]);
    values.push(value);
    clear = write(clear, name, undefined, true);
  }
  return fields.length === 0 ? null : { clear, fields, values };
};

/**
 * The event's data as it was before sealing: the values put back in their fields, or, when they
 * were erased (values null), a placeholder of each value's kind. The envelope field goes.
 */
export const joinPersonal = (data: Data, envelope: SealedEnvelope, values: readonly unknown[] | null): Data => {
  const { [SEALED_FIELD]: _sealed, ...rest } = data;
  let joined: Data = rest;
  envelope.f.forEach(([field, kind], i) => {
    joined = write(joined, field, values === null ? placeholderOf(kind) : values[i], false);
  });
  return joined;
};
