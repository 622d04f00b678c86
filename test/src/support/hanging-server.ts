import net, { AddressInfo } from 'node:net';

interface HangingServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** A server that accepts every connection and never answers (the sockets stay open until it stops). */
export const startHangingServer = async (): Promise<HangingServer> => {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
