/** A message template in the form of docs/api/chat-app.md. Components keep every key the platform gave them. */
export interface TemplateComponent {
  readonly type?: string;
  readonly [key: string]: unknown;
}

export interface MessageTemplate {
  readonly name: string;
  readonly language?: string | { readonly code: string };
  readonly namespace?: string;
  readonly category?: string;
  readonly status?: string;
  readonly parameter_format?: string;
  readonly components?: readonly TemplateComponent[];
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);
const text = (u: unknown): string | undefined => (typeof u === 'string' && u !== '' ? u : undefined);

/** The language code of a template whichever form it has ("en_US" or { code: "en_US" }). */
export const templateLanguageCode = (language: MessageTemplate['language']): string | undefined =>
  typeof language === 'string' ? text(language) : isRecord(language) ? text(language.code) : undefined;

/**
 * One template of the platform's list in the form of docs/api/chat-app.md: name, language, namespace,
 * category, status, parameter_format and components (each component whole). Null for an
 * item without a name, which cannot be sent and is left out.
 */
export const toSpecTemplate = (item: unknown): MessageTemplate | null => {
  if (!isRecord(item)) return null;
  const name = text(item.name);
  if (name === undefined) return null;
  const language = typeof item.language === 'string' ? text(item.language) : templateLanguageCode(item.language as MessageTemplate['language']);
  const components = Array.isArray(item.components) ? item.components.filter(isRecord) : undefined;
  const optional: Record<string, unknown> = {
    language: typeof item.language === 'string' || language === undefined ? language : { code: language },
    namespace: text(item.namespace),
    category: text(item.category),
    status: text(item.status),
    parameter_format: text(item.parameter_format),
    components: components as TemplateComponent[] | undefined,
  };
  return { name, ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)) } as MessageTemplate;
};

