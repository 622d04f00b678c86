/** Value at a dotted path ("customer.phone") of an object, or undefined. */
export const valueAtPath = (root: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);

/** A lone UTF-16 surrogate has no UTF-8 form: encodeURIComponent throws on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Replaces each `{{path}}` of a configured URL by the URL-encoded value at that path. A missing
 * value leaves the URL unusable, so it is reported rather than sent as an empty segment; so is a
 * text that cannot be encoded (the edge refuses such request bodies; this guards every other way in).
 */
export const fillUrlPlaceholders = (template: string, placeholders: unknown): { url: string; missing: string[] } => {
  const missing: string[] = [];
  const url = template.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, path: string) => {
    const value = valueAtPath(placeholders, path);
    if (value === undefined || value === null || typeof value === 'object' || LONE_SURROGATE.test(String(value))) {
      missing.push(path);
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return { url, missing };
};
