import Router from '@koa/router';
import { OPENAPI_PATH, openApiDocument } from './openapi-document';

/** GET /openapi.json: the document, no authentication (serialized once). */
export const openApiRoutes = (): Router => {
  const router = new Router();
  const body = JSON.stringify(openApiDocument);
  router.get(OPENAPI_PATH, (ctx) => {
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = body;
  });
  return router;
};
