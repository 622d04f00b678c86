import http from 'node:http';

/** A client must have sent its request's headers within this long of its connection's start (Node's default is a minute). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** ... and the whole request (headers and body) within this long. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often the server looks for requests past those timeouts (Node's default is 30 s, which a slow client then gets on top). */
const CHECK_EVERY_MS = 1_000;

/** The server's options: the timeouts above, checked every second. */
export const serverTimeouts = (): http.ServerOptions => ({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: CHECK_EVERY_MS });

/**
 * Closes at once a connection past `max` open ones from one address (MAX_CONNECTIONS_PER_ADDRESS;
 * nginx in front counts as one address, with a connection per request in flight), so that a client
 * opening connections it never uses (or sends slowly on) cannot take the service's sockets from
 * everyone else.
 */
export const capConnectionsPerAddress = (server: http.Server, max: number): void => {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
};
