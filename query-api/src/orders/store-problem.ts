import { HttpProblem, problem } from '@support/http-edge';
import { OpenOrderError } from '@support/domain';

/** Retry-After when the store rate-limits us without saying for how long. */
const DEFAULT_STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The store system's failures as answers of our routes (error body of docs/api/README.md (Errors), with a `code`):
 * not configured → 404; invalid identifier → 400; unknown order → 404; the store refusing our
 * credentials → 502; the store rate-limiting us → 503 with Retry-After; the store unavailable → 503;
 * an answer not in the contract's shape → 502.
 */
export const storeProblem = (e: OpenOrderError): HttpProblem => {
  switch (e.kind) {
    case 'notConfigured':
      return problem(404, 'No store system is configured for this account: add "store" (baseUrl, accessToken) to the account configuration', { code: 'store_not_configured' });
    case 'invalidIdentifier':
      return problem(400, e.message, { code: 'invalid_identifier' });
    case 'orderNotFound':
    case 'notOffered':
      return problem(404, "Order not found in the account's store system", { code: 'order_not_found' });
    case 'unauthorized':
      return problem(502, 'store system refused our credentials: check store.accessToken in the account configuration', { code: 'store_credentials_refused', storeStatus: e.status });
    case 'rateLimited': {
      const retryAfter = e.retryAfterSeconds ?? DEFAULT_STORE_RETRY_AFTER_SECONDS;
      return problem(503, `store system is rate-limiting our requests: retry after ${retryAfter} seconds`, { code: 'store_rate_limited', retryAfter }, { 'Retry-After': String(retryAfter) });
    }
    case 'unavailable':
      return problem(503, 'store system is temporarily unavailable: retry shortly', { code: 'store_unavailable', ...(e.requestId ? { storeRequestId: e.requestId } : {}) });
    case 'badResponse':
      return problem(502, 'store system answered in an unexpected shape', { code: 'store_bad_response' });
  }
};
