import Router from '@koa/router';
import { accountRoutes } from './account-routes';
import { AdminCommandDeps } from './admin-deps';
import { settingsRoutes } from './settings-routes';
import { tokenRoutes } from './token-routes';

/** The admin API's changes (docs/api/admin.md): accounts, settings sections and tokens, each an event of the account's admin stream. */
export const adminCommandRoutes = (deps: AdminCommandDeps): Router => {
  const router = new Router();
  accountRoutes(router, deps);
  settingsRoutes(router, deps);
  tokenRoutes(router, deps);
  return router;
};
