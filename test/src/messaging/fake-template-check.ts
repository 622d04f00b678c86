import type { FakeAnswer } from './fake-answer';

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const isRecord = (u: unknown): u is Record<string, any> => typeof u === 'object' && u !== null && !Array.isArray(u);
const languageOf = (t: Record<string, any>) => (typeof t.language === 'string' ? t.language : t.language?.code);

/** Meta's answer to parameters that do not fit the template (error 132000). */
const mismatch = (details: string): FakeAnswer => ({
  status: 400,
  body: { error: { message: '(#132000) Number of parameters does not match the expected number of params', type: 'OAuthException', code: 132000, error_data: { messaging_product: 'whatsapp', details }, fbtrace_id: 'trace-params' } },
});

/**
 * What the Cloud API checks of a template send, for the templates the fake lists: a NAMED
 * template's body parameters must each carry a parameter_name, exactly the names of the body
 * text; a positional one must have as many as its {{n}}, without names. A template the fake does
 * not list is taken as is (the client tests send to an empty fake).
 */
export const refusalOf = (templates: readonly unknown[], send: any): FakeAnswer | null => {
  const template = templates.find((t) => isRecord(t) && t.name === send?.template?.name && languageOf(t) === send?.template?.language?.code);
  if (!isRecord(template)) return null;
  const body = (template.components ?? []).find((c: any) => String(c?.type).toUpperCase() === 'BODY');
  const wanted = [...new Set([...String(body?.text ?? '').matchAll(PLACEHOLDER)].map((m) => m[1]))];
  const sentBody = (send.template.components ?? []).find((c: any) => String(c?.type).toLowerCase() === 'body');
  const given: any[] = sentBody?.parameters ?? [];
  if (String(template.parameter_format).toUpperCase() === 'NAMED') {
    const names = given.map((p) => p?.parameter_name);
    if (names.some((n) => typeof n !== 'string')) return mismatch('named template parameters need parameter_name');
    if (names.length !== wanted.length || !wanted.every((w) => names.includes(w))) return mismatch(`body expects ${wanted.join(', ')}`);
    return null;
  }
  if (given.some((p) => p?.parameter_name !== undefined)) return mismatch('positional template parameters take no parameter_name');
  return given.length === wanted.length ? null : mismatch(`body expects ${wanted.length} parameters, got ${given.length}`);
};
