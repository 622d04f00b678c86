/** "a, b,,c " → ["a", "b", "c"] */
export const commaSeparated = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export const distinct = <A>(values: readonly A[]): A[] => [...new Set(values)];
