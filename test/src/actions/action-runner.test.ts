import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { configuredActionRunner, fetchConfiguredHttp } from '@support/adapters';
import { Account, ActionRunner, decodeAccountConfig } from '@support/domain';
import { actionsConfig } from './actions-config';
import { FakeActionApi } from './fake-action-api';

/** The ActionRunner port as task evaluation uses it (deps.actions), against a loopback API. */
describe('ActionRunner over the configured HTTP request', () => {
  let api: FakeActionApi;
  let account: Account;
  let runner: ActionRunner;
  before(async () => {
    api = await new FakeActionApi().start();
    const directory = decodeAccountConfig(actionsConfig(api.base));
    if (E.isLeft(directory)) throw new Error('config');
    account = directory.right.account('acme') as Account;
    runner = configuredActionRunner(fetchConfiguredHttp());
  });
  after(async () => api.stop());

  it('given a known key and valid inputs, then succeeded with the result, status and the inputs sent', async () => {
    const outcome = await runner.run(account, { executeActionKey: 'check_eligibility' }, { orderId: 'o-1', amount: 5 });
    expect(outcome).to.deep.include({ kind: 'succeeded', result: { eligible: true, reason: 'within window', httpStatus: 200 }, httpStatus: 200 });
    expect(outcome.kind === 'succeeded' && outcome.inputs).to.deep.equal({ orderId: 'o-1', amount: 5, channel: 'support-api' });
  });

  it('given inputs the action does not declare, then they are not sent (task evaluation passes its whole context)', async () => {
    api.received.splice(0);
    const outcome = await runner.run(account, { executeActionKey: 'notify_warehouse' }, { ticketId: 't', customerName: 'Asha' });
    expect(outcome.kind).to.equal('succeeded');
    expect(api.received[0].body).to.deep.equal({ ticketId: 't' });
  });

  it('given an unknown action, then notFound', async () => {
    expect((await runner.run(account, { executeActionKey: 'nope' }, {})).kind).to.equal('notFound');
  });

  it('given no identifier or bad inputs, then invalidInputs listing each problem', async () => {
    expect(await runner.run(account, {}, {})).to.deep.equal({ kind: 'invalidInputs', errors: ['workflowConfigLibraryId or executeActionKey is required'] });
    const bad = await runner.run(account, { executeActionKey: 'check_eligibility' }, { amount: 'x' });
    expect(bad.kind === 'invalidInputs' && bad.errors).to.have.length(2);
  });

  it('given a non-2xx answer, a timeout or a failing expression, then failed with the reason', async () => {
    const non2xx = await runner.run(account, { executeActionKey: 'always_fails' }, {});
    expect(non2xx).to.deep.include({ kind: 'failed', httpStatus: 500 });
    const timeout = await runner.run(account, { executeActionKey: 'slow' }, {});
    expect(timeout.kind === 'failed' && timeout.error).to.match(/within 200 ms/);
    const expression = await runner.run(account, { executeActionKey: 'bad_expression' }, {});
    expect(expression.kind === 'failed' && expression.error).to.match(/output expression failed/);
  });
});
