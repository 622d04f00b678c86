import { expect } from 'chai';
import { createTicket, OPERATOR_TOKEN, startAuditedService } from '../audit/audit-service';
import { TOKENS } from '../support/example-config';
import { eventually } from '../support/eventually';
import { TestService } from '../support/test-service';
import { allowedHostsOf, ReceivedWebhook, startWebhookReceiver, WebhookReceiver } from '../webhooks/webhook-receiver';

/**
 * Each checkpoint is also the `log.checkpoint` webhook, to every account that subscribes to it (the
 * checkpoint is the whole log's), so an integrator keeps heads outside this machine; the checkpoint's
 * own event and its webhook's deliveries are signed by the next checkpoint without being told of
 * again, so one checkpoint does not make the next without end.
 */
describe('transparency: the log.checkpoint webhook (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  const receivers: Record<string, WebhookReceiver> = {};
  const checkpoints = (account: string): ReceivedWebhook[] => receivers[account].received.filter((r) => r.json?.type === 'log.checkpoint');
  const latest = async () => (await svc.api('GET', '/admin/log/checkpoint', { token: OPERATOR_TOKEN })).body as { size: number; checkpoint: string };

  before(async () => {
    const accounts = [['acme', TOKENS.acmeAdmin], ['globex', TOKENS.globexAdmin]] as const;
    for (const [account] of accounts) receivers[account] = await startWebhookReceiver();
    svc = await startAuditedService({ env: { LOG_CHECKPOINT_MS: '150', WEBHOOK_ALLOWED_HOSTS: allowedHostsOf(...Object.values(receivers).map((r) => r.url)) } });
    // given: an integrator of each account subscribed to the log's checkpoints
    for (const [account, token] of accounts) {
      const subscribed = await svc.api('POST', '/apis/webhooks', { token, body: { url: receivers[account].url, eventTypes: ['log.checkpoint'] } });
      expect(subscribed.status, subscribed.text).to.equal(201);
    }
  });
  after(async () => {
    await svc?.stop();
    for (const r of Object.values(receivers)) await r.stop();
  });

  it('given a ticket created, then each account\'s subscription gets the checkpoint that covers it, as GET /admin/log/checkpoint serves it; its echoes are signed, not told of again', async () => {
    // when
    await createTicket(svc, '+14155550161');
    // then
    await eventually(async () => checkpoints('acme').length > 0 && checkpoints('globex').length > 0, 'a log.checkpoint webhook to each account');
    const told = checkpoints('acme')[0].json.data;
    expect(Object.keys(told).sort()).to.deep.equal(['checkpoint', 'origin', 'rootHash', 'size', 'time']);
    expect(told.origin).to.equal('support-service/log');
    expect(told.rootHash).to.equal(told.checkpoint.split('\n')[2]);
    expect(told.checkpoint.split('\n')[1]).to.equal(String(told.size));
    expect(checkpoints('globex')[0].json.data).to.deep.equal(told);
    // and the checkpoint's own event and the webhooks' deliveries are covered by a later checkpoint
    await eventually(async () => (await latest()).size > told.size, 'a checkpoint over the echoes');
    // but, nothing else happening, no further webhook (ten signing intervals)
    const before = checkpoints('acme').length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(checkpoints('acme').length).to.equal(before);
    // when something else happens, then the next checkpoint is told of
    await createTicket(svc, '+14155550162');
    await eventually(async () => checkpoints('acme').length > before, 'the next log.checkpoint webhook');
    expect(checkpoints('acme')[before].json.data.size).to.be.above(told.size);
  });
});
