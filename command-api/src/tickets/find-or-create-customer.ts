import * as E from 'fp-ts/Either';
import { Clock, CommandContext, Contact, CustomerDetails, CustomerState, customerStream } from '@support/domain';
import { claimHolder, claimUnique, ConcurrencyConflict, CUSTOMER_CONTACT, handleCustomer, WriteDeps } from '@support/event-sourcing';

export interface CustomerDirectoryDeps extends WriteDeps {
  readonly clock: Clock;
}

/**
 * Find-or-create of the request's customer within the account (architecture property 3).
 *
 * Each contact (phone in E.164, email normalized) is a claim (CUSTOMER_CONTACT): the first claim
 * names its customer for ever, and a claim answers who holds it, so two racing requests agree on
 * one customer without looking again. Rules when both phone and email are sent:
 * - the phone wins: when phone and email belong to different customers, the phone's owner is the
 *   customer; the email stays with its owner;
 * - a contact nobody owns is claimed for the customer found (CustomerContactAdded);
 * - a contact owned by someone else is never moved.
 * Name and storefrontCustomerId fill the customer's details only where it has none. The customer's
 * stream is then written by one decision (RecordCustomer): created when it is not there yet (this
 * request won, or the winner of the claim never wrote it), else enriched.
 */
export const findOrCreateCustomer = async (
  deps: CustomerDirectoryDeps, ctx: CommandContext, details: CustomerDetails,
): Promise<E.Either<ConcurrencyConflict, CustomerState>> => {
  const contacts: Contact[] = [
    ...(details.phone !== null ? [{ kind: 'phone' as const, value: details.phone }] : []),
    ...(details.email !== null ? [{ kind: 'email' as const, value: details.email }] : []),
  ];
  if (contacts.length === 0) throw new Error('a customer needs a phone or an email');
  const keyOf = (contact: Contact) => ({ accountId: ctx.accountId, contact });

  const owners = await Promise.all(contacts.map((c) => claimHolder(deps, CUSTOMER_CONTACT, keyOf(c))));
  // The contact that decides the customer: the first one (in the order phone, email) with an owner.
  let deciding = owners.findIndex((o) => o !== null);
  const fresh = deps.newId();
  let customerId = deciding >= 0 ? (owners[deciding] as string) : fresh;
  const linked: Contact[] = deciding >= 0 ? [contacts[deciding]] : [];
  for (let i = 0; i < contacts.length; i++) {
    if (owners[i] !== null) continue;
    const claim = await claimUnique(deps, CUSTOMER_CONTACT, keyOf(contacts[i]), customerId, ctx);
    if (E.isLeft(claim)) return claim;
    if (claim.right.mine) {
      linked.push(contacts[i]);
      if (deciding < 0) deciding = i;
    } else if (deciding < 0 || i < deciding) {
      // A racing request claimed it first, for its customer: that customer outranks the one found.
      customerId = claim.right.holder;
      deciding = i;
      linked.splice(0, linked.length, contacts[i]);
    }
  }

  const recorded = await handleCustomer(deps, customerStream(customerId), {
    type: 'RecordCustomer', customerId, accountId: ctx.accountId, contacts: linked, name: details.name, storefrontCustomerId: details.storefrontCustomerId, at: ctx.now,
  }, ctx, { newStream: customerId === fresh });
  if (E.isLeft(recorded)) {
    if (recorded.left.kind === 'ConcurrencyConflict') return E.left(recorded.left);
    throw new Error(`recording customer ${customerId} was refused: ${recorded.left.kind}`);
  }
  if (recorded.right.state === null) throw new Error(`customer ${customerId} is missing after it was recorded`);
  return E.right(recorded.right.state);
};
