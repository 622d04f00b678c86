import Router from '@koa/router';
import type { Context } from 'koa';
import { problem } from '@support/http-edge';
import { AssetSource, commonJsAsModule, globalAsModule, loadAssets } from './page-assets';
import { setPageHeaders } from './page-security';

export const DOCS_PAGE_PATH = '/docs';
export const AUDIT_PAGE_PATH = '/audit';
export const REPORTS_PAGE_PATH = '/reports';

/** GET /docs: Swagger UI (swagger-ui-dist, from node_modules) over GET /openapi.json, configured by docs.js. */
const DOCS_FILES: Readonly<Record<string, AssetSource>> = {
  'index.html': { page: 'docs/index.html' },
  'docs.js': { page: 'docs/docs.js' },
  'docs.css': { page: 'docs/docs.css' },
  'swagger-ui-bundle.js': { npm: 'swagger-ui-dist/swagger-ui-bundle.js' },
  'swagger-ui.css': { npm: 'swagger-ui-dist/swagger-ui.css' },
};

/** GET /audit: the auditor's page, plain ES modules; the leaf's canonical JSON by the same library the service uses. */
const AUDIT_FILES: Readonly<Record<string, AssetSource>> = {
  'index.html': { page: 'audit/index.html' },
  'audit.css': { page: 'audit/audit.css' },
  'audit.js': { page: 'audit/audit.js' },
  'api.js': { page: 'audit/api.js' },
  'trail.js': { page: 'audit/trail.js' },
  'words.js': { page: 'audit/words.js' },
  'verify.js': { page: 'audit/verify.js' },
  'canonicalize.js': { npm: 'canonicalize', wrap: commonJsAsModule },
};

/**
 * GET /reports: the support lead's charts and tables over GET /apis/reports, plain ES modules; uPlot
 * (npm uplot, its minified build as a module) draws on canvas; the audit page's styles under its own.
 */
const REPORTS_FILES: Readonly<Record<string, AssetSource>> = {
  'index.html': { page: 'reports/index.html' },
  'audit.css': { page: 'audit/audit.css' },
  'reports.css': { page: 'reports/reports.css' },
  'reports.js': { page: 'reports/reports.js' },
  'api.js': { page: 'reports/api.js' },
  'numbers.js': { page: 'reports/numbers.js' },
  'charts.js': { page: 'reports/charts.js' },
  'tables.js': { page: 'reports/tables.js' },
  'dom.js': { page: 'reports/dom.js' },
  'uPlot.js': { npm: 'uplot/dist/uPlot.iife.min.js', wrap: globalAsModule('uPlot') },
  'uPlot.css': { npm: 'uplot/dist/uPlot.min.css' },
};

/** One page: its HTML at `base`, its files at `base/<name>`; no credentials (the API calls the page makes carry them). */
const pageRoutes = (router: Router, base: string, files: Readonly<Record<string, AssetSource>>): void => {
  const assets = loadAssets(files);
  const serve = (name: string) => (ctx: Context) => {
    const asset = assets.get(name);
    if (asset === undefined || (name === 'index.html' && ctx.path !== base && ctx.path !== `${base}/`)) {
      throw problem(404, `No file "${name}" here: the page is ${base}`);
    }
    setPageHeaders(ctx);
    ctx.set('Cache-Control', name === 'index.html' ? 'no-cache' : 'public, max-age=300');
    ctx.type = asset.type;
    ctx.body = asset.body;
  };
  router.get(base, serve('index.html'));
  router.get(`${base}/:file`, (ctx) => serve(ctx.params.file)(ctx));
};

/**
 * The browser pages of the query API: the API reference (`/docs`), the auditor's view of a ticket's
 * verified trail (`/audit`) and the reports' charts (`/reports`). Every file from this service (CSP
 * `'self'`, no inline script).
 */
export const browserPageRoutes = (): Router => {
  const router = new Router();
  pageRoutes(router, DOCS_PAGE_PATH, DOCS_FILES);
  pageRoutes(router, AUDIT_PAGE_PATH, AUDIT_FILES);
  pageRoutes(router, REPORTS_PAGE_PATH, REPORTS_FILES);
  return router;
};
