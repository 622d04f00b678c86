import http from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A webhook receiver on loopback that answers 200 at once and keeps, per delivery id
 * (webhook-id), how many times it came, and per ticket the delivery ids that named it.
 */
export const startWebhookReceiver = async () => {
  const timesById = new Map<string, number>();
  const idsByTicket = new Map<string, Set<string>>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      timesById.set(id, (timesById.get(id) ?? 0) + 1);
      try {
        const ticketId = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { ticketId: string } }).data.ticketId);
        const ids = idsByTicket.get(ticketId) ?? new Set<string>();
        ids.add(id);
        idsByTicket.set(ticketId, ids);
      } catch {
        // counted by id only
      }
      res.writeHead(200);
      res.end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, timesById, idsByTicket,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
};
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
