/**
 * Publishes in this process wake this process's consumers of the kind at once, whichever queue
 * instance (connection) published, as long as it is on the same file. Other processes find the
 * job at their next poll.
 */
const listeners = new Map<string, Set<() => void>>();

const keyOf = (file: string, kind: string): string => `${file}\u0000${kind}`;

/** Calls `wake` after each publish of `kind` on `file` in this process; returns the unsubscribe. */
export function onPublish(file: string, kind: string, wake: () => void): () => void {
  const key = keyOf(file, kind);
  let set = listeners.get(key);
  if (set === undefined) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(wake);
  return () => {
    set.delete(wake);
    if (set.size === 0) listeners.delete(key);
  };
}

export function signalPublish(file: string, kind: string): void {
  listeners.get(keyOf(file, kind))?.forEach((wake) => wake());
}
