import net, { AddressInfo } from 'node:net';

export interface HangingServer {
  readonly url: string;
  /** How many connections it has accepted so far. */
  accepted(): number;
  stop(): Promise<void>;
}

/** A server that accepts every connection and never answers (the sockets stay open until it stops). */
export const startHangingServer = async (): Promise<HangingServer> => {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accepted: () => accepted,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
