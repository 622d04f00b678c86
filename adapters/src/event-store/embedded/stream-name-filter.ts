import { RECORD_OPENING, STREAM_NAME_FIELD } from './stored-event-header';

const POSITION_FIELD = Buffer.from(RECORD_OPENING);
const NAME_FIELD = Buffer.from(STREAM_NAME_FIELD);

/**
 * Whether a stored record belongs to a stream whose name starts with one of `prefixes`, read from
 * the record's bytes without parsing it (records come as storedEventPayload writes them: position
 * first, then the stream name). A prefix holding a character that JSON escapes, or a record of
 * another shape, is answered "maybe" (true): the record is then decoded and filtered as an event.
 */
export const streamNameFilter = (prefixes: readonly string[]): ((payload: Buffer) => boolean) | undefined => {
  if (prefixes.length === 0 || prefixes.some((p) => /["\\\u0000-\u001f]/.test(p))) return undefined;
  const wanted = prefixes.map((p) => Buffer.from(p, 'utf8'));
  return (payload) => {
    if (!bytesAt(payload, 0, POSITION_FIELD)) return true;
    let at = POSITION_FIELD.length;
    while (at < payload.length && payload[at] !== 0x22) at++;
    if (!bytesAt(payload, at, NAME_FIELD)) return true;
    const name = at + NAME_FIELD.length;
    for (const prefix of wanted) if (bytesAt(payload, name, prefix)) return true;
    return false;
  };
};

/**
 * Whether `payload` holds `bytes` at `at`. A plain loop: the fields compared are a few dozen bytes,
 * and Buffer#compare with offsets costs about half a microsecond a call (argument checks and a
 * call into C++), paid for every record a rebuild reads.
 */
const bytesAt = (payload: Buffer, at: number, bytes: Buffer): boolean => {
  if (at + bytes.length > payload.length) return false;
  for (let i = 0; i < bytes.length; i++) if (payload[at + i] !== bytes[i]) return false;
  return true;
};
