import http from 'node:http';
import Koa from 'koa';
import { koaBody } from 'koa-body';

/**
 * The yardstick of the speed benchmark: a bare Koa server that parses the same JSON body and
 * answers a small JSON document, nothing else. Prints its port on stdout.
 */
const app = new Koa();
app.use(koaBody({ json: true, jsonLimit: '1mb', urlencoded: false, text: false, multipart: false }));
app.use((ctx) => {
  ctx.body = { success: true, received: Object.keys((ctx.request.body as Record<string, unknown>) ?? {}).length };
});
const server = http.createServer(app.callback());
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));
