/** Value at a dotted path ("customer.phone") of an object, or undefined. */
export const valueAtPath = (root: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);

/**
 * Replaces each `{{path}}` of a configured URL by the URL-encoded value at that path. A missing
 * value leaves the URL unusable, so it is reported rather than sent as an empty segment.
 */
export const fillUrlPlaceholders = (template: string, placeholders: unknown): { url: string; missing: string[] } => {
  const missing: string[] = [];
  const url = template.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, path: string) => {
    const value = valueAtPath(placeholders, path);
    if (value === undefined || value === null || (typeof value === 'object')) {
      missing.push(path);
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return { url, missing };
};
