import * as E from 'fp-ts/Either';
import { contention, HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import { CommandContext, customerDecider, customerStream, ERASURE_ADMINS_ONLY, EventStore, erasureView, IdGenerator, Principal } from '@support/domain';
import { handleCustomer, loadStream } from '@support/event-sourcing';

export interface ErasureDeps {
  readonly eventStore: EventStore;
  readonly newId: IdGenerator;
}

export const customerNotFound = (): HttpProblem => problem(404, 'Customer not found: no customer with this id in this account');
export const adminsOnly = (): HttpProblem => problem(403, ERASURE_ADMINS_ONLY);

/**
 * POST /apis/customers/{customerId}/erasure (docs/api/erasure.md): an account admin asks for the
 * customer's personal data to be erased; answered at once (202) with the erasure to follow, which
 * a job carries out. Asking again while it runs, or after it is done with nothing new recorded of
 * the customer since, answers that same erasure. Another account's customer is not found.
 */
export const requestErasure = async (deps: ErasureDeps, principal: Principal, customerId: string, context: CommandContext): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  if (principal.role !== 'admin') return E.left(adminsOnly());
  const { state } = await loadStream(deps.eventStore, customerStream(customerId), customerDecider);
  if (state === null || state.accountId !== principal.accountId) return E.left(customerNotFound());
  const handled = await handleCustomer(deps, customerStream(customerId), { type: 'RequestErasure', erasureId: deps.newId(), requestedBy: principal.tokenId, at: context.now }, context);
  if (E.isLeft(handled)) return E.left(handled.left.kind === 'CustomerNotFound' ? customerNotFound() : contention('customer erasure'));
  const erasure = handled.right.state?.erasure ?? null;
  if (erasure === null) throw new Error(`customer ${customerId} has no erasure after its request`);
  return ok(erasureView(customerId, erasure), 202);
};
