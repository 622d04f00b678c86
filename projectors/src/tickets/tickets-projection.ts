import {
  CUSTOMER_STREAM_PREFIX, CustomerEvent, DocumentWrite, ProjectionReads, RecordedEvent, storedTimestamp, TICKET_LIFECYCLE_EVENT_TYPES, TICKET_STREAM_PREFIX, TicketDocument,
  TicketEvent, TicketLifecycleEvent, TICKET_MERGE_EVENT_TYPES, TicketMergeEvent, TICKET_SPLIT_EVENT_TYPES, TicketSplitEvent, TICKETS_COLLECTION, TICKETS_PROJECTION,
  Position, slaCheckAt, slaStanding, SlaTimes, sortablePosition,
} from '@support/domain';
import { ProjectionDefinition } from '../runtime';
import { loadTicketCustomer } from './customer-lookup';
import { customerContactAdded, customerCreated, customerDetailsAdded } from './customer-writes';
import { customerErased } from './customer-erased-writes';
import { FamilyChange, familyFields } from './family';
import { familyRootOf, followMerges } from './family-root';
import { mergeWrites } from './merge-writes';
import { splitWrites } from './split-writes';
import { lifecycleChange } from './lifecycle-writes';
import { TICKETS_READ_MODEL_COLLECTIONS, TICKETS_READ_MODEL_VERSION } from './ticket-shape';
import { dataPointsReevaluated, taskEvaluated, ticketCreated, ticketFamilyChange, ticketQueryProcessed, ticketWrite } from './ticket-writes';

const ticket = (reads: ProjectionReads, id: string) => reads.get<TicketDocument>(TICKETS_COLLECTION, id);

const ticketsOf = (reads: ProjectionReads, accountId: string, customerId: string): Promise<TicketDocument[]> =>
  reads.find<TicketDocument>(TICKETS_COLLECTION, { accountId, customerId });

/** A change of the family's totals (and Voice FCR), written to the root's document; merged into `own` when the ticket is the root. */
const withFamily = async (
  reads: ProjectionReads,
  doc: TicketDocument,
  own: Record<string, unknown>,
  change: FamilyChange | null,
  voiceFcr?: TicketDocument['voiceFcr'],
): Promise<readonly DocumentWrite[]> => {
  const root = await familyRootOf(reads, doc);
  const rootSet: Record<string, unknown> = {};
  if (root !== null) {
    if (change !== null) Object.assign(rootSet, familyFields(root, change));
    // A decision recorded after a later customer contact of the family is disqualified from the start.
    if (voiceFcr) rootSet.voiceFcr = { ...voiceFcr, laterInboundContact: (root.family?.lastInboundContactAt ?? '') > voiceFcr.evaluatedAt };
  }
  if (root === null || root._id === doc._id) return Object.keys({ ...own, ...rootSet }).length === 0 ? [] : [ticketWrite(doc._id, { ...own, ...rootSet })];
  return [
    ...(Object.keys(own).length > 0 ? [ticketWrite(doc._id, own)] : []),
    ...(Object.keys(rootSet).length > 0 ? [ticketWrite(root._id, rootSet)] : []),
  ];
};

/** The SLA fields a ticket's targets, outcomes and metrics give: the watcher's next moment, and the queue's standing and next due moment. */
const slaFields = (t: SlaTimes): Record<string, unknown> => {
  const standing = slaStanding(t);
  return { slaCheckAt: slaCheckAt(t), slaState: standing.state, slaNextDueAt: standing.nextDueAt };
};

/** The change with the ticket's SLA fields, those the change moves. */
const withSla = (doc: TicketDocument, own: Record<string, unknown>): Record<string, unknown> => {
  if (doc.slaTargets === undefined || doc.slaTargets === null || doc.slaTargets.length === 0) return own;
  const fields = slaFields({ ...doc, ...own });
  const moved = Object.entries(fields).filter(([k, v]) => v !== ((doc as unknown as Record<string, unknown>)[k] ?? null));
  return moved.length === 0 ? own : { ...own, ...Object.fromEntries(moved) };
};

const lifecycle = async (reads: ProjectionReads, e: TicketLifecycleEvent): Promise<readonly DocumentWrite[]> => {
  const doc = await ticket(reads, e.data.ticketId);
  if (doc === null) return [];
  const made = lifecycleChange(doc, e);
  const change = { ...made, own: withSla(doc, made.own) };
  const decision = change.voiceFcr === undefined ? undefined : { ...change.voiceFcr, laterInboundContact: false };
  return withFamily(reads, doc, change.own, change.family, decision);
};

const created = async (reads: ProjectionReads, e: Extract<TicketEvent, { type: 'TicketCreated' }>, at: Position): Promise<readonly DocumentWrite[]> => {
  const made = ticketCreated(e.data, await loadTicketCustomer(reads, e.data.customerId));
  const write = { ...made, set: { ...made.set, createdPosition: sortablePosition(at), ...slaFields({ slaTargets: e.data.slaTargets ?? null }) } };
  const rootId = e.data.rootTicketId ?? e.data.parentTicketId;
  if (rootId === undefined || rootId === null || rootId === e.data.ticketId) return [write];
  const root = await followMerges(reads, await ticket(reads, rootId));
  const createdAt = storedTimestamp(e.data.createdAt) ?? e.data.createdAt;
  return root === null ? [write] : [write, ticketWrite(root._id, familyFields(root, ticketFamilyChange(e.data, createdAt)))];
};

const project = async (event: RecordedEvent, reads: ProjectionReads): Promise<readonly DocumentWrite[]> => {
  const e = { type: event.type, data: event.data } as TicketEvent | CustomerEvent;
  if ((TICKET_LIFECYCLE_EVENT_TYPES as readonly string[]).includes(e.type)) return lifecycle(reads, e as TicketLifecycleEvent);
  if ((TICKET_MERGE_EVENT_TYPES as readonly string[]).includes(e.type)) return mergeWrites(reads, e as TicketMergeEvent);
  if ((TICKET_SPLIT_EVENT_TYPES as readonly string[]).includes(e.type)) return splitWrites(reads, e as TicketSplitEvent);
  switch (e.type) {
    case 'TicketCreated':
      return created(reads, e, event.position);
    case 'TaskEvaluated':
      return [taskEvaluated(e.data)];
    case 'DataPointsReevaluated':
      return dataPointsReevaluated(e.data, await ticket(reads, e.data.ticketId));
    case 'TicketQueryProcessed':
      return ticketQueryProcessed(e.data, await ticket(reads, e.data.ticketId));
    case 'CustomerCreated':
      // A customer's tickets come after it in the log (its create is appended before, or with, its first
      // ticket, in every version): a new customer has none to update, and the batch need not be flushed to ask.
      return customerCreated(e.data, []);
    case 'CustomerContactAdded':
      return customerContactAdded(e.data, await loadTicketCustomer(reads, e.data.customerId), await ticketsOf(reads, e.data.accountId, e.data.customerId));
    case 'CustomerDetailsAdded':
      return customerDetailsAdded(e.data, await loadTicketCustomer(reads, e.data.customerId), await ticketsOf(reads, e.data.accountId, e.data.customerId));
    case 'CustomerErased':
      return customerErased(e.data, await ticketsOf(reads, e.data.accountId, e.data.customerId));
    default:
      return [];
  }
};

/**
 * The ticket read model that the list and the export query: one document per ticket in
 * "tickets", with its customer's name, phones and emails denormalized for search and phoneNumber,
 * everything the lifecycle commands record, and on each family's root the family's lifetime totals.
 * Idempotent by the runtime's position guard; rebuilt from the log by replaying these streams.
 */
export const ticketsProjection: ProjectionDefinition = {
  name: TICKETS_PROJECTION,
  streamNamePrefixes: [TICKET_STREAM_PREFIX, CUSTOMER_STREAM_PREFIX],
  version: TICKETS_READ_MODEL_VERSION,
  collections: TICKETS_READ_MODEL_COLLECTIONS,
  project,
};
