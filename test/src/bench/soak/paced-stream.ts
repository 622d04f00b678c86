import { performance } from 'node:perf_hooks';

/** One request of a paced stream: when it was due (ms after the stream's start), its kind, latency and status (0: no answer). */
export interface Sample {
  readonly dueMs: number;
  readonly kind: string;
  readonly latencyMs: number;
  readonly status: number;
}

export interface PacedStream {
  /** Resolves once every request due before the end has been answered. */
  readonly done: Promise<void>;
  readonly samples: Sample[];
  /** Slots whose sender had nothing to send (counted, not sent). */
  readonly skipped: () => number;
  readonly inFlight: () => number;
}

/**
 * An open-loop stream: request n is due at `startMs + n × 1000 / rate` (performance.now() time)
 * until `endMs`, sent then whatever the answers of the others, its latency counted from when it was
 * due (so a late client or a full socket pool counts against it). `send(n)` answers the request's
 * kind and status, or null when it had nothing to send.
 */
export const pacedStream = (
  rate: number, startMs: number, endMs: number, send: (n: number) => Promise<{ kind: string; status: number } | null>,
): PacedStream => {
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  let skipped = 0;
  const done = (async () => {
    for (let n = 0; ; n++) {
      const due = startMs + (n * 1000) / rate;
      if (due >= endMs) break;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const p = send(n).then(
        (r) => {
          if (r === null) skipped++;
          else samples.push({ dueMs: due - startMs, kind: r.kind, latencyMs: performance.now() - due, status: r.status });
        },
        () => void samples.push({ dueMs: due - startMs, kind: 'error', latencyMs: performance.now() - due, status: 0 }),
      );
      const tracked = p.finally(() => pending.delete(tracked));
      pending.add(tracked);
    }
    while (pending.size > 0) await Promise.all([...pending]);
  })();
  return { done, samples, skipped: () => skipped, inFlight: () => pending.size };
};
