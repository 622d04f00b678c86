import type http from 'node:http';

/**
 * How long a stop lets the requests in flight finish: inside the 10 s an operator (or a container
 * runtime, before its SIGKILL) gives a stop, with time left to close the engines.
 */
export const DRAIN_GRACE_MS = 9_000;

/**
 * Stops taking connections and lets the requests in flight finish: keep-alive connections are
 * closed as soon as they are idle, and whatever still runs after `graceMs` is cut. Resolves once
 * every connection is closed.
 */
export const drainServer = (server: http.Server, graceMs: number = DRAIN_GRACE_MS): Promise<void> =>
  new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
