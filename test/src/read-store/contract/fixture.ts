import type { Document, ReadStore } from '@support/domain';

/** Six tickets over two accounts, with the gaps real data has: missing and null fields, empty arrays, Date and ISO-string dates. */
export const TICKETS: readonly Document[] = [
  {
    _id: 't1', accountId: 'acme', ticketNumber: 1, status: 'open', source: 'whatsapp', createdAt: '2024-01-05T10:00:00.000Z', priority: 2,
    tags: ['vip', 'billing'], customer: { name: 'Ana Lima', phone: '+5511999990001', email: 'ana@example.com' },
    items: [{ sku: 'a', qty: 1 }, { sku: 'b', qty: 3 }], score: 10,
  },
  {
    _id: 't2', accountId: 'acme', ticketNumber: 2, status: 'pending', source: 'email', createdAt: '2024-01-10T08:30:00.000Z', priority: null,
    tags: ['billing'], customer: { name: 'Bruno Souza', phone: '+5511999990002', email: 'BRUNO@Example.com' }, score: 7.5,
  },
  {
    _id: 't3', accountId: 'acme', ticketNumber: 3, status: 'closed', source: 'whatsapp', createdAt: '2024-02-01T00:00:00.000Z',
    tags: [], customer: { name: 'Carla Dias', phone: '+5521988887777' }, items: [{ sku: 'c', qty: 2 }], closedAt: new Date('2024-02-03T12:00:00.000Z'),
  },
  {
    _id: 't4', accountId: 'acme', ticketNumber: 4, status: 'open', source: 'phone', createdAt: '2024-02-15T23:59:59.999Z', priority: 1,
    customer: { name: 'Davi Alves', email: 'davi@example.org' }, score: 0,
  },
  {
    _id: 't5', accountId: 'globex', ticketNumber: 1, status: 'open', source: 'email', createdAt: '2024-01-20T12:00:00.000Z', priority: 3,
    tags: ['vip'], customer: { name: 'Eva Rocha', phone: '+14155550100', email: 'eva@globex.test' }, score: 12, closedAt: new Date('2024-01-21T00:00:00.000Z'),
  },
  {
    _id: 't6', accountId: 'globex', ticketNumber: 2, status: 'closed', source: 'whatsapp', createdAt: '2024-03-01T09:00:00.000Z', priority: 2,
    customer: { name: 'Fábio Nunes', phone: '+14155550101' }, score: -3,
  },
];

/** The indexes a tickets read model declares; contract sections run with and without them. */
export const TICKET_INDEXES = [
  { key: { accountId: 1, createdAt: -1 } },
  { key: { accountId: 1, status: 1, createdAt: -1 } },
  { key: { accountId: 1, ticketNumber: 1 }, unique: true },
  { key: { tags: 1 } },
] as const;

export async function seedTickets(store: ReadStore, withIndexes: boolean, name = 'tickets'): Promise<void> {
  const tickets = store.collection(name);
  if (withIndexes) await tickets.createIndexes(TICKET_INDEXES);
  const result = await tickets.bulkWrite(TICKETS.map((t) => ({ replaceOne: { filter: { _id: t._id }, replacement: t, upsert: true } })));
  if (result.upsertedCount !== TICKETS.length) throw new Error(`seeding upserted ${result.upsertedCount} tickets`);
}

export const idsOf = (docs: readonly Document[]): string[] => docs.map((d) => d._id);
