/** Decodes strictly: a byte sequence that is not UTF-8 is refused instead of becoming U+FFFD. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The text the bytes encode, or null when they are not well-formed UTF-8 (a leading byte order mark is dropped). */
export const utf8Text = (bytes: Uint8Array): string | null => {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return null;
  }
};
