import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { convertActionInputs, evaluateActionOutput, ExecuteAction, findAction, redactSecretInputs, unknownInputErrors, Account } from '@support/domain';

const action: ExecuteAction = {
  id: 'wcl-1', key: 'check', name: 'Check', output: 'body',
  request: { method: 'POST', url: 'http://127.0.0.1:1/x/{{orderId}}', body: 'inputs' },
  inputs: [{ name: 'orderId', type: 'string', required: true }, { name: 'amount', type: 'number' }, { name: 'express', type: 'boolean' }],
  fixedInputs: { channel: 'support-api' },
};
const account = { id: 'acme', name: 'Acme', executeActions: [action, { ...action, id: 'wcl-2', key: 'other' }] } as Account;

describe('execute-action inputs and lookup', () => {
  it('inputs are converted by their types and fixed inputs override supplied values', () => {
    const r = convertActionInputs(action, { orderId: 17, amount: '12.5', express: 'true', channel: 'web' });
    expect(r).to.deep.equal(E.right({ orderId: '17', amount: 12.5, express: true, channel: 'support-api' }));
  });

  it('every missing or unconvertible input is listed', () => {
    const r = convertActionInputs(action, { amount: 'lots', express: 'maybe' });
    expect(E.isLeft(r) && r.left).to.deep.equal([
      'Input "orderId" is required',
      'Input "amount" must be a number (such as 19.99, or a numeric string)',
      'Input "express" must be a boolean (true or false, or "true"/"false")',
    ]);
  });

  it('inputs that are not an object are refused', () => {
    expect(E.isLeft(convertActionInputs(action, ['a']))).to.equal(true);
  });

  it('names the action neither declares nor fixes are reported by unknownInputErrors', () => {
    expect(unknownInputErrors(action, { orderId: '1', channel: 'x', colour: 'red' })).to.have.length(1);
  });

  it('the id wins over the key; the key is used without an id; neither is a problem', () => {
    expect(E.isRight(findAction(account, { workflowConfigLibraryId: 'wcl-2', executeActionKey: 'check' })) && (findAction(account, { workflowConfigLibraryId: 'wcl-2', executeActionKey: 'check' }) as E.Right<ExecuteAction>).right.id).to.equal('wcl-2');
    expect((findAction(account, { executeActionKey: 'check' }) as E.Right<ExecuteAction>).right.id).to.equal('wcl-1');
    expect(E.isLeft(findAction(account, { workflowConfigLibraryId: 'nope', executeActionKey: 'check' }))).to.equal(true);
    expect(E.isLeft(findAction(account, {}))).to.equal(true);
  });

  it('the output expression sees status, headers, body and inputs; a bad one is a Left', async () => {
    const ctx = { status: 200, headers: { 'x-a': '1' }, body: { ok: true }, inputs: { orderId: '5' } };
    expect(await evaluateActionOutput("{ 'ok': body.ok, 'id': inputs.orderId, 's': status, 'h': headers.`x-a` }", ctx)).to.deep.equal(E.right({ ok: true, id: '5', s: 200, h: '1' }));
    expect(E.isLeft(await evaluateActionOutput('body.(', ctx))).to.equal(true);
    expect(E.isLeft(await evaluateActionOutput('$error("no")', ctx))).to.equal(true);
  });

  it('secret-looking input names are redacted for the record', () => {
    expect(redactSecretInputs({ apiToken: 't', password: 'p', orderId: '1' })).to.deep.equal({ apiToken: '[redacted]', password: '[redacted]', orderId: '1' });
  });
});
