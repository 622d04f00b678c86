import * as t from 'io-ts';
import { PathError } from '../config/report-errors';

type Path = readonly (string | number)[];

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

/** The props an object codec declares (t.type, t.partial, and their intersections), or null for a codec that is no object of known keys. */
const declaredProps = (codec: t.Mixed): Record<string, t.Mixed> | null => {
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) return codec.props as Record<string, t.Mixed>;
  if (codec instanceof t.IntersectionType) {
    const parts = (codec.types as t.Mixed[]).map(declaredProps);
    return parts.every((p) => p !== null) ? Object.assign({}, ...parts) : null;
  }
  return null;
};

/**
 * Keys of a value that its codec does not declare, at any depth (io-ts's object codecs let them
 * through): what an operator mistyped in a settings section (`slaPolicies[0].targetMinute`).
 * Codecs of unknown content (records, UnknownRecord) are not looked into.
 */
export const unknownKeys = (codec: t.Mixed, value: unknown, path: Path = []): PathError[] => {
  if (codec instanceof t.ArrayType && Array.isArray(value)) return value.flatMap((v, i) => unknownKeys(codec.type as t.Mixed, v, [...path, i]));
  const tagged = codec as unknown as { tag?: string; branches?: Record<string, t.Mixed> };
  if (tagged.branches !== undefined && tagged.tag !== undefined && isObject(value)) {
    const branch = tagged.branches[String(value[tagged.tag])];
    return branch === undefined ? [] : unknownKeys(branch, value, path);
  }
  const props = declaredProps(codec);
  if (props === null || !isObject(value)) return [];
  return Object.entries(value).flatMap(([key, v]) => props[key] === undefined
    ? [{ path: [...path, key], reason: `is not an accepted key: remove it (accepted: ${Object.keys(props).join(', ')})` }]
    : unknownKeys(props[key], v, [...path, key]));
};
