/**
 * How an event's personal values are kept in the log: taken out of its data and sealed together
 * under a key of the event's own, in one field of the data:
 *
 *   { ...the data without them, "$personal": { "k": key id, "f": [[field, kind], ...], "c": sealed text } }
 *
 * `f` names the places taken out (a field, `a.b` inside an object, `a.0.b` inside a list: an auditor
 * sees which fields an event held and which were erased),
 * each with the kind of its value, so that an erased value is given back as a placeholder of the
 * same kind. `c` is base64 of AES-256-GCM ciphertext ‖ tag (the key seals this event only, so its nonce is fixed) over the JSON of the values in the
 * order of `f`, the event's id as associated data.
 */
export const SEALED_FIELD = '$personal';

/** s: text, a: list, o: object, v: number or boolean. */
export type ValueKind = 's' | 'a' | 'o' | 'v';

export interface SealedEnvelope {
  readonly k: string;
  readonly f: readonly (readonly [field: string, kind: ValueKind])[];
  readonly c: string;
}

/** What an erased text reads as: in lists, exports and the events replayed. */
export const ERASED_TEXT = '[erased]';

export const kindOf = (value: unknown): ValueKind =>
  typeof value === 'string' ? 's' : Array.isArray(value) ? 'a' : typeof value === 'object' && value !== null ? 'o' : 'v';

export const placeholderOf = (kind: ValueKind): unknown => {
  switch (kind) {
    case 's': return ERASED_TEXT;
    case 'a': return [];
    case 'o': return {};
    default: return null;
  }
};

export const isSealedEnvelope = (value: unknown): value is SealedEnvelope => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.k === 'string' && typeof v.c === 'string' && Array.isArray(v.f);
};

/** The envelope of an event's data, when its personal values are sealed. */
export const sealedEnvelopeOf = (data: unknown): SealedEnvelope | null => {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const envelope = (data as Record<string, unknown>)[SEALED_FIELD];
  return isSealedEnvelope(envelope) ? envelope : null;
};
