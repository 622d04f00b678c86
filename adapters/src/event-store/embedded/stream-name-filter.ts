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
    if (payload.compare(POSITION_FIELD, 0, POSITION_FIELD.length, 0, POSITION_FIELD.length) !== 0) return true;
    let at = POSITION_FIELD.length;
    while (at < payload.length && payload[at] !== 0x22) at++;
    if (payload.compare(NAME_FIELD, 0, NAME_FIELD.length, at, at + NAME_FIELD.length) !== 0) return true;
    const name = at + NAME_FIELD.length;
    return wanted.some((prefix) => payload.compare(prefix, 0, prefix.length, name, name + prefix.length) === 0);
  };
};
