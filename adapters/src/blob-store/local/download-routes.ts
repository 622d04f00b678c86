import Router from '@koa/router';
import { Clock, Logger } from '@support/domain';
import { problem, sendProblem } from '@support/http-edge';
import { attachmentContentDisposition } from '../content-disposition';
import { LocalBlobStore } from './local-blob-store';

const REFUSALS = {
  invalid_signature: 'This download link is not valid: request a fresh link from the export status endpoint',
  expired: 'This download link has expired: request a fresh link from the export status endpoint',
  not_found: 'This file is no longer available: it is past its retention; start a new export',
} as const;

/** Why a file's valid link no longer serves it (an export withdrawn after an erasure), or null. */
export type WithdrawnFile = (key: string) => Promise<string | null>;

/**
 * GET {downloadPath}/{key}?expires&signature[&filename], the key one path segment with its `/`
 * percent-encoded (as the links are made): serves a blob of the local blob store to
 * whoever holds a valid, unexpired signed URL (no Bearer token: the signature is the credential).
 * A tampered or expired URL is 403 in the error body of docs/api/README.md (Errors); a retired file 404;
 * a withdrawn one (`withdrawn` tells, docs/api/erasure.md) 410 with its reason, even while its bytes are being deleted.
 * Expiry is judged on `clock`, the clock the links' expiry times were set on.
 */
export const downloadRoutes = (downloadPath: string, blobs: LocalBlobStore, logger: Logger, clock: Clock, withdrawn: WithdrawnFile = async () => null): Router => {
  const router = new Router();
  router.get(`${downloadPath}/:key`, async (ctx) => {
    const key = ctx.params.key;
    const q = ctx.query;
    const one = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const opened = await blobs.openSignedRead(key, { expires: one(q.expires), signature: one(q.signature), filename: one(q.filename) }, clock.now());
    const gone = opened._tag === 'Right' || opened.left.reason === 'not_found' ? await withdrawn(key) : null;
    if (gone !== null) {
      if (opened._tag === 'Right') opened.right.stream.destroy();
      logger.warn('signed download refused', { requestId: ctx.state.requestId, reason: 'withdrawn' });
      sendProblem(ctx, problem(410, gone, { reason: 'withdrawn' }));
      return;
    }
    if (opened._tag === 'Left') {
      const reason = opened.left.reason;
      logger.warn('signed download refused', { requestId: ctx.state.requestId, reason });
      sendProblem(ctx, problem(reason === 'not_found' ? 404 : 403, REFUSALS[reason], { reason }));
      return;
    }
    const { stream, sizeBytes, contentType, downloadFileName } = opened.right;
    ctx.status = 200;
    ctx.set('Content-Type', contentType);
    ctx.set('Content-Length', String(sizeBytes));
    ctx.set('Cache-Control', 'private, no-store');
    if (downloadFileName) ctx.set('Content-Disposition', attachmentContentDisposition(downloadFileName));
    ctx.body = stream;
  });
  return router;
};
