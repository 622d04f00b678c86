/** A place in a JSON body: keys and array indexes from the top. */
export type BodyPath = readonly (string | number)[];

const MAX_KEY_CHARS = 40;
const HEAD = 4;
const TAIL = 2;

/** One key for a message: as JSON (lone surrogates escaped), cut when long. */
const keyText = (key: string): string => {
  const plain = /^[A-Za-z_$][\w$-]*$/.test(key) ? key : JSON.stringify(key);
  return plain.length > MAX_KEY_CHARS ? `${plain.slice(0, MAX_KEY_CHARS - 1)}…` : plain;
};

/**
 * `customer.address[0].line` for a message, short whatever the body: long keys are cut and a deep
 * path keeps its first and last few steps ("a.a.a.a.….a.a (40 levels)").
 */
export const describePath = (path: BodyPath): string => {
  if (path.length === 0) return 'the body';
  const steps = path.map((k) => (typeof k === 'number' ? `[${k}]` : keyText(k)));
  const join = (parts: readonly string[]) => parts.reduce((acc, s) => (acc === '' || s.startsWith('[') ? `${acc}${s}` : `${acc}.${s}`), '');
  if (steps.length <= HEAD + TAIL + 1) return join(steps);
  return `${join(steps.slice(0, HEAD))}.….${join(steps.slice(-TAIL))} (${steps.length} steps deep)`;
};
