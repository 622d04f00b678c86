/** A canned answer of the fake: status, JSON body, headers, and an optional delay. */
export interface FakeAnswer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly delayMs?: number;
}
