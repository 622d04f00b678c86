import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { Account, decideManualTicket, ManualTicketCommand, ticketNumberStream, toManualTicketCommand } from '@support/domain';
import { toEventData } from '@support/event-sourcing';
import { evaluateMissingTasks } from '@support/workers';
import { eventually } from '../../support/eventually';
import { createTicket, freshPhone, ticketEvents, useTicketService } from './support/ticket-service';

/**
 * A create writes the ticket, then evaluates its task and records it (docs/architecture.md, "A
 * create"). A process that dies in between leaves a ticket without its evaluation: the workers
 * evaluate it once it is overdue (task-evaluation worker), and leave every evaluation a create
 * recorded alone.
 */
describe('task evaluation left undone by a create whose process died', () => {
  const env = useTicketService();
  beforeEach(() => env.fake.reset());

  const account = (): Account => env.svc.deps.directory().account('acme') as Account;
  const command = (): ManualTicketCommand => {
    const made = toManualTicketCommand({ customer: { phone: freshPhone(), name: 'Died Midway' }, query: 'refund please', taskName: 'Refund Request' } as never, account());
    if (E.isLeft(made)) throw new Error(made.left);
    return made.right;
  };

  it('given the append of a create on a task made a minute ago and its process gone (no TaskEvaluated), then the workers evaluate its task once, its action called once', async function () {
    this.timeout(20_000);
    // given: what the create's one append wrote, and nothing after it
    const now = new Date(Date.now() - 60_000);
    const numbers = { streamName: ticketNumberStream('acme'), lastNumber: 0, revision: null as bigint | null };
    for await (const e of env.svc.deps.eventStore.readStream(ticketNumberStream('acme'))) {
      numbers.lastNumber = (e.data as { ticketNumber: number }).ticketNumber;
      numbers.revision = e.revision;
    }
    const decided = decideManualTicket(command(), { contacts: [], customer: null, slot: null, numbers }, {
      account: account(), accountId: 'acme', now, createdByUserId: null, createdByTokenId: 'tok-admin',
      newCustomerId: randomUUID(), newTicketId: randomUUID(), newRequestId: randomUUID(), text: null,
    });
    if (decided.kind !== 'created') throw new Error('expected a created ticket');
    const ctx = { accountId: 'acme', userId: 'tok-admin', requestId: 'died-midway', now };
    const appended = await env.svc.deps.eventStore.appendToStreams(decided.appends.map((a) => ({
      streamName: a.streamName, expectedRevision: a.expectedRevision, events: a.events.map((e) => toEventData(e, ctx, randomUUID)),
    })));
    expect(E.isRight(appended), 'the create\'s append').to.equal(true);
    // when: the workers take the job its TicketCreated published
    await eventually(async () => (await ticketEvents(env.svc, decided.ticket.ticketId)).some((e) => e.type === 'TaskEvaluated'), 'the task evaluated by the workers', 15_000);
    // then
    const events = await ticketEvents(env.svc, decided.ticket.ticketId);
    const evaluated = events.filter((e) => e.type === 'TaskEvaluated');
    expect(evaluated).to.have.length(1);
    expect(evaluated[0].metadata.userId).to.equal('worker:ticket-task-evaluation');
    expect(env.fake.calls('/notify').length, 'the task\'s action').to.equal(1);
  });

  it('given a create on a task that recorded its evaluation, when its overdue job is worked, then nothing is evaluated again and no action is called', async () => {
    // given
    const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'refund please', taskName: 'Refund Request' });
    expect(res.status).to.equal(200);
    env.fake.reset();
    // when: the job as the dispatcher made it, taken once overdue
    const outcome = await evaluateMissingTasks(env.svc.deps)({
      id: 'job-1', kind: 'ticket-task-evaluation', deliveryCount: 2, publishedAt: new Date(),
      payload: { tickets: [{ ticketId: res.body.ticketId, accountId: 'acme', correlationId: null, causationId: 'e-1', dueAt: Date.now() - 1 }] },
    } as never);
    // then
    expect(outcome).to.deep.equal({ type: 'ack' });
    expect((await ticketEvents(env.svc, res.body.ticketId)).filter((e) => e.type === 'TaskEvaluated')).to.have.length(1);
    expect(env.fake.calls('/notify')).to.have.length(0);
  });

  it('given a job whose tickets are not overdue yet, then it comes back when they are', async () => {
    const outcome = await evaluateMissingTasks(env.svc.deps)({
      id: 'job-2', kind: 'ticket-task-evaluation', deliveryCount: 1, publishedAt: new Date(),
      payload: { tickets: [{ ticketId: 'any', accountId: 'acme', correlationId: null, causationId: 'e-2', dueAt: Date.now() + 5_000 }] },
    } as never);
    expect(outcome.type).to.equal('retry');
    expect((outcome as { delayMs: number }).delayMs).to.be.within(4_000, 5_000);
  });
});
