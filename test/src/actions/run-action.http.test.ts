import { expect } from 'chai';
import { startTestService, TestService } from '../support/test-service';
import { TOKENS } from '../support/example-config';
import { actionsConfig, SECOND_ADMIN_TOKEN } from './actions-config';
import { FakeActionApi } from './fake-action-api';
import { eventsWithPrefix } from './recorded-events';

const RUN = '/apis/workflow-config-library/execute-action/run';

describe('POST /apis/workflow-config-library/execute-action/run (docs/api/records-and-actions.md, execute action)', () => {
  let api: FakeActionApi;
  let svc: TestService;
  before(async () => {
    api = await new FakeActionApi().start();
    svc = await startTestService({ config: actionsConfig(api.base) });
  });
  after(async () => {
    await svc.stop();
    await api.stop();
  });
  beforeEach(() => api.received.splice(0));

  const run = (body: unknown, token: string = TOKENS.acmeAdmin) => svc.api('POST', RUN, { token, body });

  describe('success', () => {
    it('given an action id, when run, then the configured request is sent and the output expression gives the result', async () => {
      const res = await run({ workflowConfigLibraryId: 'wcl-eligibility', inputs: { orderId: 'A 1/2', amount: '12.5', express: 'true' } });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        success: true, workflowConfigLibraryId: 'wcl-eligibility', executeActionKey: 'check_eligibility',
        result: { eligible: true, reason: 'within window', httpStatus: 200 },
      });
      expect(api.received).to.have.length(1);
      const sent = api.received[0];
      expect(sent.method).to.equal('POST');
      expect(sent.url).to.equal('/eligibility/A%201%2F2');
      expect(sent.headers.authorization).to.equal('Bearer action-secret');
      expect(sent.headers['content-type']).to.match(/application\/json/);
      expect(sent.body).to.deep.equal({ orderId: 'A 1/2', amount: 12.5, express: true, channel: 'support-api' });
    });

    it('given only an executeActionKey, then the action with that key runs', async () => {
      const res = await run({ executeActionKey: 'notify_warehouse', inputs: { ticketId: 't-1' } });
      expect(res.status).to.equal(200);
      expect(res.body.workflowConfigLibraryId).to.equal('wcl-notify');
      expect(res.body.result).to.deep.equal({ method: 'POST', url: '/notify', body: { ticketId: 't-1' } });
    });

    it('given both an id and a key of different actions, then the id wins', async () => {
      const res = await run({ workflowConfigLibraryId: 'wcl-notify', executeActionKey: 'check_eligibility', inputs: { ticketId: 't-2' } });
      expect(res.status).to.equal(200);
      expect(res.body.executeActionKey).to.equal('notify_warehouse');
    });

    it('given fixed inputs, then they override supplied values', async () => {
      const res = await run({ executeActionKey: 'check_eligibility', inputs: { orderId: 'o-9', channel: 'web' } });
      expect(res.status).to.equal(200);
      expect((api.received[0].body as Record<string, unknown>).channel).to.equal('support-api');
    });

    it('given no inputs and an action without required inputs, then it runs', async () => {
      const res = await run({ executeActionKey: 'notify_warehouse' });
      expect(res.status).to.equal(200);
    });
  });

  describe('refused requests', () => {
    it('given no identifier, then 400 whose errors say one is required', async () => {
      const res = await run({ inputs: {} });
      expect(res.status).to.equal(400);
      expect(res.body.success).to.equal(false);
      expect(res.body.error).to.be.a('string');
      expect(res.body.errors).to.deep.equal(['workflowConfigLibraryId or executeActionKey is required']);
    });

    it('given inputs that are not an object, then 400 saying so', async () => {
      const res = await run({ executeActionKey: 'check_eligibility', inputs: ['o-1'] });
      expect(res.status).to.equal(400);
      expect(res.body.errors).to.have.length(1);
      expect(res.body.errors[0]).to.match(/^inputs must be a JSON object/);
    });

    it('given no identifier and inputs that are not an object, then both are listed', async () => {
      const res = await run({ inputs: 'x' });
      expect(res.status).to.equal(400);
      expect(res.body.errors).to.have.length(2);
    });

    it('given a missing required input and unconvertible ones, then 400 listing each, and nothing is called', async () => {
      const res = await run({ executeActionKey: 'check_eligibility', inputs: { amount: 'lots', express: 'maybe' } });
      expect(res.status).to.equal(400);
      expect(res.body.success).to.equal(false);
      expect(res.body.errors).to.deep.equal([
        'Input "orderId" is required',
        'Input "amount" must be a number (such as 19.99, or a numeric string)',
        'Input "express" must be a boolean (true or false, or "true"/"false")',
      ]);
      expect(api.received).to.have.length(0);
    });

    it('given an input name the action does not declare, then 400 naming it', async () => {
      const res = await run({ executeActionKey: 'check_eligibility', inputs: { orderId: 'o-1', colour: 'red' } });
      expect(res.status).to.equal(400);
      expect(res.body.errors[0]).to.match(/^Unknown input "colour"/);
    });

    it('given a key the body does not accept, then 400 naming it', async () => {
      const res = await run({ executeActionKey: 'check_eligibility', input: {} });
      expect(res.status).to.equal(400);
      expect(res.body.errors[0]).to.match(/^input is not an accepted field/);
    });

    it('given an unknown action id or key, then 404', async () => {
      expect((await run({ workflowConfigLibraryId: 'wcl-nope' })).status).to.equal(404);
      const byKey = await run({ executeActionKey: 'nope' });
      expect(byKey.status).to.equal(404);
      expect(byKey.body.error).to.be.a('string');
    });

    it('given an action of another account, then 404', async () => {
      const res = await run({ workflowConfigLibraryId: 'wcl-eligibility', inputs: { orderId: 'o' } }, TOKENS.globexAdmin);
      expect(res.status).to.equal(404);
    });
  });

  describe('failed runs (422)', () => {
    it('given the external API answers 500, then 422 with error and success false', async () => {
      const res = await run({ executeActionKey: 'always_fails' });
      expect(res.status).to.equal(422);
      expect(res.body.success).to.equal(false);
      expect(res.body.error).to.match(/answered HTTP 500/);
    });

    it('given the external API does not answer within the timeout, then 422', async () => {
      const started = Date.now();
      const res = await run({ executeActionKey: 'slow' });
      expect(res.status).to.equal(422);
      expect(res.body.error).to.match(/did not answer within 200 ms/);
      expect(Date.now() - started).to.be.below(1_900);
    });

    it('given an output expression that fails, then 422 naming the expression', async () => {
      const res = await run({ executeActionKey: 'bad_expression' });
      expect(res.status).to.equal(422);
      expect(res.body.error).to.match(/output expression failed/);
    });
  });

  describe('authentication and authorization', () => {
    it('given no token, then 401', async () => {
      expect((await svc.api('POST', RUN, { body: { executeActionKey: 'notify_warehouse' } })).status).to.equal(401);
    });

    it('given an invalid token, then 403', async () => {
      expect((await run({ executeActionKey: 'notify_warehouse' }, 'not-a-token')).status).to.equal(403);
    });

    it('given the access token of an agent user, then the action runs (docs/api/records-and-actions.md, who may run an action: every access token may)', async () => {
      const res = await run({ executeActionKey: 'notify_warehouse', inputs: { ticketId: 't-agent' } }, TOKENS.acmeAgent);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ success: true, workflowConfigLibraryId: 'wcl-notify' });
      expect(api.received).to.have.length(1);
      const recorded = (await eventsWithPrefix(svc.deps.eventStore, 'action_run-')).filter((e) => (e.data as { inputs: { ticketId?: string } }).inputs.ticketId === 't-agent');
      expect(recorded).to.have.length(1);
      expect(recorded[0].metadata).to.deep.include({ accountId: 'acme', userId: 'tok-agent' });
    });
  });

  describe('the run record', () => {
    it('given runs, then each is an event on its own action_run stream with inputs but no secrets', async () => {
      const ok = await run({ executeActionKey: 'with_secret', inputs: { apiToken: 'super-secret-input', count: '3', when: '2026-03-01' } });
      expect(ok.status).to.equal(200);
      expect(ok.body.result).to.deep.equal({ got: { apiToken: 'super-secret-input', count: 3, when: '2026-03-01' }, path: '/echo/3' });
      expect(api.received[0].headers['x-api-key']).to.equal('header-secret-value');
      await run({ executeActionKey: 'always_fails' });

      const all = await eventsWithPrefix(svc.deps.eventStore, 'action_run-');
      const of = (actionId: string) => all.filter((e) => (e.data as { actionId: string }).actionId === actionId);
      expect(of('wcl-secret')).to.have.length(1);
      const events = [of('wcl-secret')[0], of('wcl-fail').slice(-1)[0]];
      expect(events.map((e) => e.type)).to.deep.equal(['ExecuteActionRan', 'ExecuteActionRan']);
      expect(events[0].streamName).to.match(/^action_run-[0-9a-f-]{36}$/);
      expect(events[0].streamName).to.not.equal(events[1].streamName);
      expect(events[0].data).to.deep.include({ actionKey: 'with_secret', outcome: 'succeeded', httpStatus: 200, error: null, inputs: { apiToken: '[redacted]', count: 3, when: '2026-03-01' } });
      expect((events[0].data as { durationMs: number }).durationMs).to.be.a('number');
      expect(events[1].data).to.deep.include({ actionKey: 'always_fails', outcome: 'failed', httpStatus: 500 });
      expect(events[0].metadata).to.deep.include({ accountId: 'acme', userId: 'tok-admin' });
      const stored = JSON.stringify(events.map((e) => ({ data: e.data, metadata: e.metadata })));
      expect(stored).to.not.include('super-secret-input');
      expect(stored).to.not.include('header-secret-value');
    });
  });
});

describe('execute-action rate limit (docs/api/README.md, Rate limits: 30 per hour per account)', () => {
  let api: FakeActionApi;
  let svc: TestService;
  before(async () => {
    api = await new FakeActionApi().start();
    svc = await startTestService({ config: actionsConfig(api.base, { rateLimits: true }) });
  });
  after(async () => {
    await svc.stop();
    await api.stop();
  });

  it('given 30 runs in the hour shared by an admin token and an agent token, then the 31st run by a third token of the account is 429', async () => {
    // given 30 runs, alternating between the admin's and the agent's access tokens
    for (let i = 0; i < 30; i++) {
      const token = i % 2 === 0 ? TOKENS.acmeAdmin : TOKENS.acmeAgent;
      const res = await svc.api('POST', RUN, { token, body: { executeActionKey: 'notify_warehouse' } });
      expect(res.status, `run ${i + 1}`).to.equal(200);
      expect(res.headers.get('x-ratelimit-remaining'), `run ${i + 1}`).to.equal(String(29 - i));
    }
    // when any token of the account runs one more, the agent's and a second admin token alike
    const refused = await svc.api('POST', RUN, { token: SECOND_ADMIN_TOKEN, body: { executeActionKey: 'notify_warehouse' } });
    const agentRefused = await svc.api('POST', RUN, { token: TOKENS.acmeAgent, body: { executeActionKey: 'notify_warehouse' } });
    // then both are 429 and the action was called 30 times only
    expect(refused.status).to.equal(429);
    expect(agentRefused.status).to.equal(429);
    expect(refused.headers.get('x-ratelimit-limit')).to.equal('30');
    expect(Number(refused.headers.get('retry-after'))).to.be.greaterThan(0);
    expect(api.received).to.have.length(30);
  });

  it('given the account used up its runs, then another account still runs its own', async () => {
    const res = await svc.api('POST', RUN, { token: TOKENS.globexAdmin, body: { executeActionKey: 'notify_warehouse' } });
    // globex has no such action: a 404 (not a 429) shows its budget is its own
    expect(res.status).to.equal(404);
  });
});
