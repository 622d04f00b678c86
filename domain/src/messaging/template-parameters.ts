import * as E from 'fp-ts/Either';
import { MessageTemplate, TemplateComponent } from './template';

/** What a text component of a synced template asks for: named parameters (in the order of the text), or a count of {{n}}. */
type TextParameters =
  | { readonly kind: 'named'; readonly names: readonly string[] }
  | { readonly kind: 'positional'; readonly count: number };

/** The components whose text parameters are fitted here; buttons and media go to the platform as sent. */
type TextPart = 'body' | 'header';

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const placeholders = (text: unknown): string[] =>
  typeof text === 'string' ? [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))] : [];

const componentOf = (components: readonly TemplateComponent[] | undefined, part: TextPart): TemplateComponent | undefined =>
  components?.find((c) => typeof c.type === 'string' && c.type.toLowerCase() === part);

const namedExample = (component: TemplateComponent | undefined, part: TextPart): string[] | undefined => {
  const example = component?.example as Record<string, unknown> | undefined;
  const params = example?.[`${part}_text_named_params`];
  if (!Array.isArray(params)) return undefined;
  return params.flatMap((p) => (typeof p === 'object' && p !== null && typeof (p as { param_name?: unknown }).param_name === 'string' ? [(p as { param_name: string }).param_name] : []));
};

/**
 * The parameters of the template's body or text header. Named ones are listed in the order they
 * appear in the text (the order a caller sending them positionally follows); the example's list
 * when the text has none. Null for a header that is not text (image, video, document: its
 * parameter is the media, left to the platform) or that the template does not have.
 */
const textParametersOf = (template: MessageTemplate, part: TextPart): TextParameters | null => {
  const component = componentOf(template.components, part);
  if (part === 'header' && (component === undefined || (typeof component.format === 'string' && component.format.toUpperCase() !== 'TEXT'))) return null;
  const found = placeholders(component?.text);
  const examples = namedExample(component, part);
  const named = template.parameter_format?.toLowerCase() === 'named' || examples !== undefined || found.some((p) => !/^\d+$/.test(p));
  if (named) return { kind: 'named', names: found.length > 0 ? found : (examples ?? []) };
  return { kind: 'positional', count: found.reduce((max, p) => Math.max(max, Number(p)), 0) };
};

/** The body's parameters (a template without a body asks for none). */
export const bodyParametersOf = (template: MessageTemplate): TextParameters => textParametersOf(template, 'body')!;

type Parameter = Readonly<Record<string, unknown>>;

const quoteList = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const nameOf = (p: Parameter): string | undefined => (typeof p.parameter_name === 'string' ? p.parameter_name : undefined);

/**
 * Named parameters: those that carry a `parameter_name` take that name; the others take, in
 * order, the names not given explicitly, in the template's order. So the spec's send-time shape
 * `{ type, text }` (positional) fills the names one by one. Left only for a real mismatch: a
 * repeated or unknown name, or a count that does not fit.
 */
const nameParameters = (template: MessageTemplate, part: TextPart, names: readonly string[], given: readonly Parameter[]): E.Either<string, Parameter[]> => {
  const explicit = given.map(nameOf).filter((n): n is string => n !== undefined);
  const repeated = explicit.filter((n, i) => explicit.indexOf(n) !== i);
  if (repeated.length > 0) return E.left(`${part} parameter ${quoteList([...new Set(repeated)])} is given more than once`);
  const unknown = explicit.filter((n) => !names.includes(n));
  if (unknown.length > 0) {
    return E.left(`template "${template.name}" has no ${part} parameter${unknown.length === 1 ? '' : 's'} ${quoteList(unknown)} (its parameters: ${quoteList(names)})`);
  }
  const open = names.filter((n) => !explicit.includes(n));
  const unnamed = given.filter((p) => nameOf(p) === undefined);
  if (unnamed.length === 0 && open.length > 0) {
    return E.left(`template "${template.name}" needs ${part} parameter${open.length === 1 ? '' : 's'} ${quoteList(open)}`);
  }
  if (unnamed.length !== open.length) {
    return E.left(`template "${template.name}" expects ${plural(names.length, `${part} parameter`)} (${quoteList(names)}, in this order), got ${given.length}`);
  }
  let next = 0;
  const named = given.map((p) => (nameOf(p) !== undefined ? p : { ...p, parameter_name: open[next++] }));
  return E.right(names.map((n) => named.find((p) => p.parameter_name === n)!));
};

/**
 * Positional parameters: the count of {{n}} must match. A caller may name them "1".."n"; they are
 * then put in that order and sent without names, as the platform takes positional parameters.
 */
const orderPositional = (template: MessageTemplate, part: TextPart, count: number, given: readonly Parameter[]): E.Either<string, Parameter[]> => {
  if (given.length !== count) return E.left(`template "${template.name}" expects ${plural(count, `${part} parameter`)}, got ${given.length}`);
  const names = given.map(nameOf);
  if (names.every((n) => n === undefined)) return E.right([...given]);
  const positions = names.map((n) => (n !== undefined && /^\d+$/.test(n) ? Number(n) : NaN));
  const wrong = names.filter((n, i) => n !== undefined && !(positions[i] >= 1 && positions[i] <= count));
  if (wrong.length > 0 || names.some((n) => n === undefined) || new Set(positions).size !== count) {
    return E.left(`template "${template.name}" has positional ${part} parameters {{1}}..{{${count}}}: leave out parameter_name, or use each of "1".."${count}" once${wrong.length > 0 ? ` (unknown: ${quoteList(wrong as string[])})` : ''}`);
  }
  return E.right(given.map((p, i) => ({ p, at: positions[i] })).sort((a, b) => a.at - b.at).map(({ p }) => {
    const { parameter_name: _dropped, ...rest } = p;
    return rest;
  }));
};

/** One part's parameters fitted to the template; the components with that part's parameters replaced. */
const fitPart = (template: MessageTemplate, part: TextPart, components: TemplateComponent[]): E.Either<string, TemplateComponent[]> => {
  const expected = textParametersOf(template, part);
  if (expected === null) return E.right(components);
  const component = componentOf(components, part);
  const given = (component?.parameters as readonly Parameter[] | undefined) ?? [];
  const fitted = expected.kind === 'named' ? nameParameters(template, part, expected.names, given) : orderPositional(template, part, expected.count, given);
  if (E.isLeft(fitted)) return fitted;
  return E.right(component === undefined ? components : components.map((c) => (c === component ? { ...c, parameters: fitted.right } : c)));
};

/**
 * The send-time components the platform needs for this template (WhatsApp Cloud API): the body's
 * and the text header's parameters fitted to the template, named ones each with its
 * `parameter_name`. Other components (buttons, media headers) are passed as given. Left: what
 * does not fit, worded for the caller.
 */
export const fitTemplateParameters = (template: MessageTemplate, sendComponents: readonly TemplateComponent[] | undefined): E.Either<string, TemplateComponent[]> => {
  const body = fitPart(template, 'body', [...(sendComponents ?? [])]);
  return E.isLeft(body) ? body : fitPart(template, 'header', body.right);
};
