/**
 * A function remembered per key, for values that repeat across the rows of one export (payloads,
 * phone numbers): at most `capacity` entries, forgotten all at once when full, so memory stays
 * bounded whatever the number of rows, and a run of distinct keys costs one lookup more per call.
 */
export const boundedMemo = <K, V>(compute: (key: K) => V, capacity: number): ((key: K) => V) => {
  const memo = new Map<K, V>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined && !memo.has(key)) {
      value = compute(key);
      if (memo.size >= capacity) memo.clear();
      memo.set(key, value);
    }
    return value as V;
  };
};
