import type { Context } from 'koa';

/**
 * The Content-Security-Policy of the browser pages: every script, style, image and request from the
 * service itself; no inline script or style, no eval, no framing, no form posts elsewhere. Swagger UI
 * needs no more: it sets styles through the DOM (which the policy allows), never by inline markup.
 */
export const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of every page and asset: the policy, no sniffing, no referrer, no embedding by other origins. */
export const setPageHeaders = (ctx: Context): void => {
  ctx.set('Content-Security-Policy', PAGE_POLICY);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
  ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
};
