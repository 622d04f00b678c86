import * as E from 'fp-ts/Either';
import { templateBodyComponent, MessageTemplate, TemplateComponent } from './template';

/** What the body of a synced template asks for: named parameters by param_name, or a count of {{n}}. */
export type BodyParameters =
  | { readonly kind: 'named'; readonly names: readonly string[] }
  | { readonly kind: 'positional'; readonly count: number };

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const placeholders = (text: unknown): string[] =>
  typeof text === 'string' ? [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))] : [];

const namedExample = (body: TemplateComponent | undefined): string[] | undefined => {
  const example = body?.example as { body_text_named_params?: unknown } | undefined;
  const params = example?.body_text_named_params;
  if (!Array.isArray(params)) return undefined;
  return params.flatMap((p) => (typeof p === 'object' && p !== null && typeof (p as { param_name?: unknown }).param_name === 'string' ? [(p as { param_name: string }).param_name] : []));
};

export const bodyParametersOf = (template: MessageTemplate): BodyParameters => {
  const body = templateBodyComponent(template.components);
  const found = placeholders(body?.text);
  const examples = namedExample(body);
  const named = template.parameter_format?.toLowerCase() === 'named' || examples !== undefined || found.some((p) => !/^\d+$/.test(p));
  if (named) return { kind: 'named', names: examples && examples.length > 0 ? examples : found };
  return { kind: 'positional', count: found.reduce((max, p) => Math.max(max, Number(p)), 0) };
};

const quoteList = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

/**
 * Do the body parameters of a send request fit the synced template? Left: what does not fit,
 * worded for the caller (which parameters are missing, unknown, or how many were expected).
 */
export const checkBodyParameters = (template: MessageTemplate, sendComponents: readonly TemplateComponent[] | undefined): E.Either<string, void> => {
  const expected = bodyParametersOf(template);
  const given = (templateBodyComponent(sendComponents)?.parameters as readonly Record<string, unknown>[] | undefined) ?? [];
  if (expected.kind === 'positional') {
    return given.length === expected.count
      ? E.right(undefined)
      : E.left(`template "${template.name}" expects ${expected.count} body parameter${expected.count === 1 ? '' : 's'}, got ${given.length}`);
  }
  const names = given.map((p) => p.parameter_name);
  if (names.some((n) => typeof n !== 'string')) {
    return E.left(`template "${template.name}" has named body parameters: give each parameter its parameter_name (${quoteList(expected.names)})`);
  }
  const givenNames = names as string[];
  const duplicated = givenNames.filter((n, i) => givenNames.indexOf(n) !== i);
  if (duplicated.length > 0) return E.left(`body parameter ${quoteList([...new Set(duplicated)])} is given more than once`);
  const missing = expected.names.filter((n) => !givenNames.includes(n));
  if (missing.length > 0) return E.left(`template "${template.name}" needs body parameter${missing.length === 1 ? '' : 's'} ${quoteList(missing)}`);
  const unknown = givenNames.filter((n) => !expected.names.includes(n));
  if (unknown.length > 0) return E.left(`template "${template.name}" has no body parameter${unknown.length === 1 ? '' : 's'} ${quoteList(unknown)}`);
  return E.right(undefined);
};
