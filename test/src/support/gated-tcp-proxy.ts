import { AddressInfo, createConnection, createServer, Socket } from 'node:net';

/**
 * A loopback TCP proxy to a local port that can be closed like a gate: while closed, the bytes
 * clients send are held (not forwarded), so whoever talks through it waits in the middle of its
 * request. Opening forwards what was held. `held` counts the bytes held since the gate closed.
 */
export interface GatedProxy {
  readonly port: number;
  readonly held: number;
  close(): void;
  open(): void;
  stop(): Promise<void>;
}

export const startGatedProxy = async (targetPort: number, host = '127.0.0.1'): Promise<GatedProxy> => {
  let gateClosed = false;
  let held = 0;
  const waiting: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host, port: targetPort });
    sockets.add(client);
    sockets.add(upstream);
    const queue: Buffer[] = [];
    const flush = () => {
      for (const chunk of queue.splice(0)) upstream.write(chunk);
    };
    client.on('data', (chunk: Buffer) => {
      if (gateClosed) {
        held += chunk.length;
        queue.push(chunk);
        waiting.push(flush);
      } else {
        flush();
        upstream.write(chunk);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    get held() {
      return held;
    },
    close: () => {
      gateClosed = true;
      held = 0;
    },
    open: () => {
      gateClosed = false;
      for (const flush of waiting.splice(0)) flush();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
};
