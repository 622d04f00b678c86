import * as E from 'fp-ts/Either';
import {
  backoff, Clock, CommandContext, Contact, customerDecider, CustomerDetails, customerKeyDecider, customerKeyStream, CustomerState, customerStream, EventStore, handleCommand, IdGenerator, loadStream, NormalizedEmail, PhoneE164, readFirstEvent, sleep,
} from '@support/domain';

export interface CustomerDirectoryDeps {
  readonly eventStore: EventStore;
  readonly newId: IdGenerator;
  readonly clock: Clock;
}

const MAX_ATTEMPTS = 16;
/** How long a request waits for a racing request to write the customer whose key it claimed. */
const OWNER_WAIT_MS = 3000;

const keyStream = (accountId: string, c: Contact) =>
  customerKeyStream(accountId, c.kind === 'phone' ? { kind: 'phone', value: c.value as PhoneE164 } : { kind: 'email', value: c.value as NormalizedEmail });

const ownerOf = async (eventStore: EventStore, stream: string): Promise<string | null> => {
  const first = await readFirstEvent(eventStore, stream);
  return first === null ? null : (first.data as { customerId: string }).customerId;
};

/** Claims the contact for the customer: true when this customer now owns it (the first claim wins). */
const claim = async (deps: CustomerDirectoryDeps, ctx: CommandContext, c: Contact, customerId: string): Promise<boolean> => {
  const handled = await handleCommand(deps, keyStream(ctx.accountId, c), customerKeyDecider, {
    type: 'ClaimCustomerKey', claim: { customerId, accountId: ctx.accountId, kind: c.kind },
  }, ctx, { read: 'lastEvent' });
  return E.isRight(handled) && handled.right.state.owner === customerId;
};

const fail = (what: string): never => {
  throw new Error(`customer ${what} kept conflicting`);
};

const load = async (deps: CustomerDirectoryDeps, customerId: string) => (await loadStream(deps.eventStore, customerStream(customerId), customerDecider)).state;

/**
 * The owner of a contact key exists from the moment of its claim, but its stream is written just
 * after: wait briefly for it; a claim whose customer never appeared (a crash between the two
 * appends) is repaired by creating the customer with that contact.
 */
const ensureCustomer = async (deps: CustomerDirectoryDeps, ctx: CommandContext, customerId: string, contact: Contact, details: CustomerDetails): Promise<void> => {
  const deadline = Date.now() + OWNER_WAIT_MS;
  while (Date.now() < deadline) {
    if ((await load(deps, customerId)) !== null) return;
    await sleep(10);
  }
  await handleCommand(deps, customerStream(customerId), customerDecider, {
    type: 'CreateCustomer', customerId, accountId: ctx.accountId, name: details.name, storefrontCustomerId: details.storefrontCustomerId,
    phone: contact.kind === 'phone' ? contact.value : null, email: contact.kind === 'email' ? contact.value : null, at: ctx.now,
  }, ctx);
};

/**
 * Adds the claimed contacts and missing details to the customer. When the customer was found by
 * `found` (its owner) but its stream is not there yet, waits for it or repairs it (ensureCustomer),
 * then enriches: the stream is read once per request when the customer exists, as it almost always does.
 */
const enrich = async (
  deps: CustomerDirectoryDeps, ctx: CommandContext, customerId: string, contacts: readonly Contact[], details: CustomerDetails, found?: Contact,
): Promise<CustomerState> => {
  const r = await handleCommand(deps, customerStream(customerId), customerDecider, {
    type: 'EnrichCustomer', contacts, name: details.name, storefrontCustomerId: details.storefrontCustomerId, at: ctx.now,
  }, ctx);
  if (E.isLeft(r) && r.left.kind === 'CustomerNotFound' && found !== undefined) {
    await ensureCustomer(deps, ctx, customerId, found, details);
    return enrich(deps, ctx, customerId, contacts, details);
  }
  if (E.isLeft(r) || r.right.state === null) return fail('enrichment');
  return r.right.state as CustomerState;
};

/**
 * Find-or-create of the request's customer within the account (architecture property 3).
 *
 * Each contact (phone in E.164, email normalized) has a uniqueness stream whose first event names
 * its owner; claims are appended with 'no_stream', so two racing requests cannot both own a
 * contact, and the loser reads the winner. Rules when both phone and email are sent:
 * - the phone wins: when phone and email belong to different customers, the phone's owner is the
 *   customer; the email stays with its owner;
 * - a contact nobody owns is linked to the customer found (CustomerContactAdded);
 * - a contact owned by someone else is never moved.
 * Name and storefrontCustomerId fill the customer's details only where it has none.
 */
export const findOrCreateCustomer = async (deps: CustomerDirectoryDeps, ctx: CommandContext, details: CustomerDetails): Promise<CustomerState> => {
  const contacts: Contact[] = [
    ...(details.phone !== null ? [{ kind: 'phone' as const, value: details.phone }] : []),
    ...(details.email !== null ? [{ kind: 'email' as const, value: details.email }] : []),
  ];
  if (contacts.length === 0) throw new Error('a customer needs a phone or an email');

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const owners = await Promise.all(contacts.map((c) => ownerOf(deps.eventStore, keyStream(ctx.accountId, c))));
    const first = owners.findIndex((o) => o !== null);

    if (first < 0) {
      const customerId = deps.newId();
      if (!(await claim(deps, ctx, contacts[0], customerId))) {
        await backoff(attempt);
        continue;
      }
      const claimed = [contacts[0]];
      for (const c of contacts.slice(1)) if (await claim(deps, ctx, c, customerId)) claimed.push(c);
      const created = await handleCommand(deps, customerStream(customerId), customerDecider, {
        type: 'CreateCustomer', customerId, accountId: ctx.accountId, name: details.name, storefrontCustomerId: details.storefrontCustomerId,
        phone: claimed.find((c) => c.kind === 'phone')?.value ?? null, email: claimed.find((c) => c.kind === 'email')?.value ?? null,
        at: ctx.now,
      }, ctx);
      if (E.isLeft(created)) return fail('creation');
      // Someone repaired the stream first (only after a long stall): add what this request claimed.
      if (created.right.newEvents.length === 0) return enrich(deps, ctx, customerId, claimed, details);
      return created.right.state as CustomerState;
    }

    const customerId = owners[first] as string;
    const claimed: Contact[] = [];
    let lostPreferred = false;
    for (let i = 0; i < contacts.length; i++) {
      if (owners[i] !== null) continue;
      if (await claim(deps, ctx, contacts[i], customerId)) claimed.push(contacts[i]);
      else if (i < first) lostPreferred = true;
    }
    // A contact that outranks the one found (the phone) was just claimed by someone else: decide again.
    if (lostPreferred) {
      await backoff(attempt);
      continue;
    }
    return enrich(deps, ctx, customerId, claimed, details, contacts[first]);
  }
  return fail('find-or-create');
};
