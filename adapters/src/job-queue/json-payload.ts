/** The payload as it will be stored and delivered: a JSON round trip, like a message on the wire. */
export function asJsonPayload(payload: unknown): unknown {
  const text = JSON.stringify(payload);
  if (text === undefined) throw new TypeError('job payload must be JSON-serialisable');
  return JSON.parse(text) as unknown;
}
