import { TicketDocument, ticketKeys, TICKETS_COLLECTION, ticketSearchText } from '@support/domain';
import { ReadModels } from '@support/domain';

export type SeedTicket = Partial<TicketDocument> & { readonly _id: string };

/** A ticket read-model document with the base fields filled (account acme, open, manual), overridden by `fields`. */
export const ticketDoc = (fields: SeedTicket): TicketDocument => {
  const base = {
    accountId: 'acme', ticketNumber: null, ticketName: null, status: 'open', summary: null, orderName: null, source: 'manual', manualSourceLabel: null,
    customerId: null, customerName: null, customerPhones: [], customerEmails: [], createdAt: '2026-11-02T04:00:00.000Z', updatedAt: null,
    resolvedAt: null, executedAt: null, assignedAt: null, assignedToId: null, involvedAgentIds: [], createdByUserId: null, taskId: null, taskTeamId: null,
    category: null, subcategory: null, sentiment: null, parentTicketId: null, csat: null,
    ...fields,
  };
  return { ...base, ticketKeys: ticketKeys(base), searchText: ticketSearchText(base, { name: base.customerName, phones: base.customerPhones, emails: base.customerEmails }) } as TicketDocument;
};

/** The name the seeding batches go under (a read model of its own, so the tickets projection's checkpoint is not touched). */
const SEEDING = 'test-seeding';

/**
 * Writes documents straight into the ticket read model (the export reads it; the lifecycle that
 * fills these fields through events is the tickets projector's work), in batches of 5,000.
 */
export const seedTickets = async (readModels: ReadModels, docs: Iterable<SeedTicket>): Promise<number> => {
  let batch: TicketDocument[] = [];
  let written = 0;
  const at = { commit: 0n, prepare: 0n };
  const flush = async () => {
    if (batch.length === 0) return;
    const writes = batch.map(({ _id, ...fields }) => ({ collection: TICKETS_COLLECTION, id: _id, set: fields, upsert: true }));
    await readModels.applyBatch(SEEDING, at, (b) => b.write(at, writes));
    written += batch.length;
    batch = [];
  };
  for (const fields of docs) {
    batch.push(ticketDoc(fields));
    if (batch.length >= 5_000) await flush();
  }
  await flush();
  return written;
};
