import * as E from 'fp-ts/Either';
import jsonata from 'jsonata';

/** What the output expression of an execute action sees (operator contract). */
interface ActionOutputContext {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly inputs: Readonly<Record<string, unknown>>;
}

type Compiled = ReturnType<typeof jsonata>;
const compiled = new Map<string, Compiled>();
const MAX_CACHED = 500;

const compile = (expression: string): Compiled => {
  let c = compiled.get(expression);
  if (c === undefined) {
    c = jsonata(expression);
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(expression, c);
  }
  return c;
};

/** Plain JSON of a JSONata result (its sequences are arrays with extra flags); undefined becomes null. */
const toJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value) ?? 'null'));

/** Evaluates a JSONata expression; a syntax or evaluation error is a Left naming what failed. */
const evaluateJsonata = async (expression: string, input: unknown): Promise<E.Either<string, unknown>> => {
  try {
    const value: unknown = await compile(expression).evaluate(input);
    return E.right(toJson(value));
  } catch (e) {
    const err = e as { message?: unknown; position?: unknown };
    const where = typeof err.position === 'number' ? ` (at position ${err.position})` : '';
    return E.left(`${typeof err.message === 'string' ? err.message : String(e)}${where}`);
  }
};

export const evaluateActionOutput = (expression: string, context: ActionOutputContext): Promise<E.Either<string, unknown>> =>
  evaluateJsonata(expression, context);
