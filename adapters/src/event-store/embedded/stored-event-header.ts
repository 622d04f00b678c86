import type { StoredEventHeader } from './stored-event';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ZERO = 0x30;
const NINE = 0x39;

/** How every record written by storedEventPayload begins: its position, then its stream name. */
export const RECORD_OPENING = '{"position":"';
export const STREAM_NAME_FIELD = '","streamName":"';

/** Reads records written by storedEventPayload, whose header fields come in a fixed order and shape. */
class HeaderCursor {
  at = 0;

  constructor(private readonly payload: Buffer) {}

  /** Consumes `text` (ASCII) or fails. */
  expect(text: string): boolean {
    const p = this.payload;
    if (this.at + text.length > p.length) return false;
    for (let i = 0; i < text.length; i++) if (p[this.at + i] !== text.charCodeAt(i)) return false;
    this.at += text.length;
    return true;
  }

  /** A decimal number up to the closing quote, or -1. */
  digits(): number {
    const p = this.payload;
    const start = this.at;
    let value = 0;
    while (this.at < p.length && p[this.at] >= ZERO && p[this.at] <= NINE) value = value * 10 + (p[this.at++] - ZERO);
    return this.at > start && this.at - start <= 15 && p[this.at] === QUOTE ? value : -1;
  }

  /** The text up to the closing quote when it holds only printable ASCII without escapes (else null: the caller falls back to JSON.parse). */
  plainString(): string | null {
    const p = this.payload;
    const start = this.at;
    while (this.at < p.length) {
      const b = p[this.at];
      if (b === QUOTE) return p.toString('latin1', start, this.at);
      if (b === BACKSLASH || b < 0x20 || b > 0x7e) return null;
      this.at++;
    }
    return null;
  }
}

/**
 * The header of a stored record read straight from its bytes, for the common record whose strings
 * are plain ASCII: several times faster than parsing it as JSON, which matters when a log of
 * millions of records is opened. Null when the record departs from that shape in any way (an
 * escaped or non-ASCII character, a different field order): the caller then parses it as JSON.
 */
export function plainStoredEventHeader(payload: Buffer): StoredEventHeader | null {
  const c = new HeaderCursor(payload);
  if (!c.expect(RECORD_OPENING)) return null;
  const position = c.digits();
  if (position < 0 || !c.expect(STREAM_NAME_FIELD)) return null;
  const streamName = c.plainString();
  if (streamName === null || !c.expect('","eventId":"')) return null;
  const eventId = c.plainString();
  if (eventId === null || !c.expect('","type":"')) return null;
  const type = c.plainString();
  if (type === null || !c.expect('","revision":"')) return null;
  const revision = c.digits();
  if (revision < 0 || !c.expect('","created":"')) return null;
  const created = c.plainString();
  if (created === null || !c.expect('","batchEnd":')) return null;
  const batchEnd = c.expect('true') ? true : c.expect('false') ? false : null;
  if (batchEnd === null || !c.expect(',"data":')) return null;
  return { position, streamName, eventId, revision, batchEnd };
}
