import type Koa from 'koa';
import type Router from '@koa/router';

/** One route of the gateway: method and the router's path template (`/apis/tickets/:ticketId`). */
export interface RouteEntry {
  readonly method: string;
  readonly path: string;
}

/** Every route the routers mounted on a Koa app answer (HEAD, which Koa answers for each GET, left out). */
export const routeTable = (app: Koa): RouteEntry[] =>
  app.middleware
    .map((m) => (m as { router?: Router }).router)
    .filter((r): r is Router => r !== undefined)
    .flatMap((r) => r.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) }))));
