import { expect } from 'chai';
import { useTicketService } from '../create/support/ticket-service';
import { commandsAtOnce, describeAnswers, emailsAtOnce, historyOf, recordedEmailCounts } from './commands-at-once';
import { getTicket, newTicket } from './support';

const AT_ONCE = 50;
const AGENTS = Array.from({ length: AT_ONCE }, (_, i) => `u-at-once-${i}`);
/** Two working statuses that move to each other both ways, so every order of the changes is allowed. */
const STATUSES = ['queued', 'in_progress'] as const;

const log = (line: string) => {
  // eslint-disable-next-line no-console
  console.log(`      ${line}`);
};

describe('working tickets: 50 commands to one ticket at once, in one process (none refused for a lost race)', function () {
  this.timeout(60_000);
  const env = useTicketService((acme) => {
    acme.users.push(...AGENTS.map((id, i) => ({ id, name: `At Once ${i}`, email: `at-once-${i}@acme.example`, role: 'agent' })));
  });

  it('given a ticket, when 50 emails with distinct message ids are posted to it at once, then all answer 2xx and each is on the ticket once', async () => {
    // given
    const ticketId = await newTicket(env.svc);
    // when
    const sent = await emailsAtOnce(env.svc, ticketId, AT_ONCE, 'at-once');
    log(describeAnswers('50 emails to one ticket', sent));
    // then
    expect(sent.answers.filter((a) => a.status < 200 || a.status > 299).map((a) => `${a.status} ${a.text}`)).to.deep.equal([]);
    const counts = await recordedEmailCounts(env.svc, ticketId);
    expect([...counts.keys()].sort()).to.deep.equal(Array.from({ length: AT_ONCE }, (_, i) => `at-once-${i}`).sort());
    expect([...counts.values()].every((n) => n === 1), 'each message recorded once').to.equal(true);
    expect((await getTicket(env.svc, ticketId)).body.ticket.family.customerEmailMessageIds).to.have.length(AT_ONCE);
  });

  it('given a ticket, when 50 agents are assigned to it at once, then each answer is the ticket as its assign left it and the ticket ends with one of them', async () => {
    // given
    const ticketId = await newTicket(env.svc);
    // when
    const assigned = await commandsAtOnce(env.svc, ticketId, 'assign', AGENTS.map((agentId) => ({ agentId })));
    log(describeAnswers('50 assigns of one ticket', assigned));
    // then
    expect(assigned.answers.map((a) => a.status)).to.deep.equal(Array(AT_ONCE).fill(200));
    expect(assigned.answers.map((a) => a.body.ticket.assignedToId)).to.deep.equal(AGENTS);
    const events = await historyOf(env.svc, ticketId);
    const assignments = events.filter((e) => e.type === 'TicketAssigned').map((e) => e.data.agentId);
    expect([...assignments].sort()).to.deep.equal([...AGENTS].sort());
    const final = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(final.assignedToId).to.equal(assignments[assignments.length - 1]);
    expect(AGENTS).to.include(final.assignedToId);
  });

  it('given a ticket, when 50 status changes are sent to it at once, then each answer is the status it made and the ticket ends in the status of the last one decided', async () => {
    // given
    const ticketId = await newTicket(env.svc);
    const wanted = Array.from({ length: AT_ONCE }, (_, i) => STATUSES[i % 2]);
    // when
    const changed = await commandsAtOnce(env.svc, ticketId, 'status', wanted.map((status) => ({ status })));
    log(describeAnswers('50 status changes of one ticket', changed));
    // then
    expect(changed.answers.map((a) => a.status)).to.deep.equal(Array(AT_ONCE).fill(200));
    expect(changed.answers.map((a) => a.body.ticket.status)).to.deep.equal(wanted);
    const moves = (await historyOf(env.svc, ticketId)).filter((e) => e.type === 'TicketStatusChanged').map((e) => e.data.to);
    // each change that moved the ticket appended one event; the others found it where they wanted it
    expect(moves.length).to.equal(changed.answers.filter((a) => a.body.changed === true).length);
    const final = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(STATUSES).to.include(final.status);
    expect(final.status).to.equal(moves[moves.length - 1]);
  });
});
