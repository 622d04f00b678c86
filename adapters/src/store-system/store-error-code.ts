const SAFE_CODE = /^[A-Za-z0-9_.-]{1,64}$/;
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The machine-readable code of a store error body ({ error: { code } }, { code } or { error: "code" }), if safe to repeat. */
export const storeErrorCode = (body: unknown): string | null => {
  if (body === null || typeof body !== 'object') return null;
  const b = body as { error?: unknown; code?: unknown };
  const candidates = [
    typeof b.error === 'object' && b.error !== null ? (b.error as { code?: unknown }).code : undefined,
    b.code,
    typeof b.error === 'string' ? b.error : undefined,
  ];
  const code = candidates.find((c): c is string => typeof c === 'string' && SAFE_CODE.test(c));
  return code ?? null;
};

/** The request id a store error body names (request_id or requestId), if it looks like an id. */
export const storeBodyRequestId = (body: unknown): string | null => {
  if (body === null || typeof body !== 'object') return null;
  const b = body as { request_id?: unknown; requestId?: unknown };
  const id = [b.request_id, b.requestId].find((v): v is string => typeof v === 'string' && SAFE_ID.test(v));
  return id ?? null;
};
