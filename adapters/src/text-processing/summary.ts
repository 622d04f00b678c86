/** Longest summary the local processor writes (characters). */
export const MAX_SUMMARY_LENGTH = 200;

const GREETING = /^(hi|hello|hey|dear|good (morning|afternoon|evening))\b[^.!?\n,]{0,40}[,.!:\n-]\s*/i;

/** Whitespace collapsed, control characters and a leading greeting removed. */
export const cleanText = (s: string): string =>
  s.replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ' ').replace(/\s+/g, ' ').trim().replace(GREETING, '').trim();

/** The first sentence (up to . ! ? followed by a space, or the end). */
const firstSentence = (s: string): string => {
  const m = /^(.+?[.!?])(\s|$)/.exec(s);
  return (m ? m[1] : s).trim();
};

/** Cut at a word boundary with an ellipsis when longer than max. */
export const bound = (s: string, max = MAX_SUMMARY_LENGTH): string => {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
};

/**
 * A deterministic extractive summary: the subject, then the query's first sentence (greeting
 * dropped), joined by ": ", bounded to MAX_SUMMARY_LENGTH characters. Null when both are empty.
 */
export const extractSummary = (subject: string | null, query: string): string | null => {
  const s = cleanText(subject ?? '');
  const q = firstSentence(cleanText(query));
  if (s === '' && q === '') return null;
  if (s === '') return bound(q);
  if (q === '' || q.toLowerCase() === s.toLowerCase() || q.toLowerCase().startsWith(s.toLowerCase())) return bound(q === '' ? s : q);
  return bound(`${s.replace(/[.:;,\s]+$/, '')}: ${q}`);
};
