/**
 * koa-body puts the parsed JSON on ctx.request.body (its own Koa augmentation); re-exporting one of
 * its types makes that augmentation visible wherever @support/adapters is imported.
 */
export type { KoaBodyMiddlewareOptions } from 'koa-body';
