import jsonata from 'jsonata';
import * as E from 'fp-ts/Either';

/** JSONata results as plain JSON (sequences become arrays; functions and undefined vanish). */
const plain = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)) as unknown);

/** Evaluates a JSONata expression over input; Left: the reason it failed. */
export const evaluateExpression = async (expression: string, input: unknown): Promise<E.Either<string, unknown>> => {
  try {
    return E.right(plain(await jsonata(expression).evaluate(input)));
  } catch (e) {
    const err = e as { message?: string; code?: string };
    return E.left(`${err.code ? `${err.code}: ` : ''}${err.message ?? 'evaluation failed'}`);
  }
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a JSONata expression names a field (plainly as a token, or in backquotes). */
export const expressionMentions = (expression: string, name: string): boolean =>
  expression.includes(`\`${name}\``) || new RegExp(`(^|[^A-Za-z0-9_$.\`'"])${escapeRegExp(name)}(?![A-Za-z0-9_])`).test(expression);
