import { expect } from 'chai';
import { ERASED_TEXT, joinPersonal, SEALED_FIELD, SealedEnvelope, separatePersonal } from '@support/domain';

const created = {
  ticketId: 't-1', accountId: 'acme', ticketNumber: 7, status: 'open', subject: 'Broken kettle', query: 'It leaks', summary: null,
  customerId: 'c-1', customer: { name: 'Priya Sharma', phone: '+919876543210', email: null }, images: ['https://img.example/1.png'],
  objectiveValues: { refund: 'yes' }, payload: null, createdAt: '2026-12-07T10:00:00.000Z',
};

describe('personal data: which values of an event are taken out to be sealed, and how they come back', () => {
  it('given a TicketCreated, then its texts, contacts, images and objective values are taken out and its ids, status and times stay', () => {
    // when
    const separated = separatePersonal('TicketCreated', created);
    // then
    expect(separated).to.not.equal(null);
    expect(separated!.fields).to.deep.equal([
      ['subject', 's'], ['query', 's'], ['customer.name', 's'], ['customer.phone', 's'], ['images', 'a'], ['objectiveValues', 'o'],
    ]);
    expect(separated!.values).to.deep.equal(['Broken kettle', 'It leaks', 'Priya Sharma', '+919876543210', ['https://img.example/1.png'], { refund: 'yes' }]);
    expect(separated!.clear).to.deep.equal({
      ticketId: 't-1', accountId: 'acme', ticketNumber: 7, status: 'open', summary: null, customerId: 'c-1', customer: { email: null }, payload: null, createdAt: '2026-12-07T10:00:00.000Z',
    });
    expect(created.customer.name, 'the event itself is not changed').to.equal('Priya Sharma');
  });

  it('given the values taken out, when joined back, then the event is as it was', () => {
    const separated = separatePersonal('TicketCreated', created)!;
    const envelope: SealedEnvelope = { k: '1', f: separated.fields, c: 'sealed' };
    // when
    const joined = joinPersonal({ ...separated.clear, [SEALED_FIELD]: envelope }, envelope, separated.values);
    // then
    expect(joined).to.deep.equal(created);
  });

  it('given the values erased, when joined back, then each is a placeholder of its kind and nothing else changes', () => {
    const separated = separatePersonal('TicketCreated', created)!;
    const envelope: SealedEnvelope = { k: '1', f: separated.fields, c: 'sealed' };
    // when
    const joined = joinPersonal({ ...separated.clear, [SEALED_FIELD]: envelope }, envelope, null);
    // then
    expect(joined).to.deep.equal({
      ...created, subject: ERASED_TEXT, query: ERASED_TEXT, customer: { name: ERASED_TEXT, phone: ERASED_TEXT, email: null }, images: [], objectiveValues: {},
    });
  });

  it('given a TaskEvaluated, then what each step found is taken out and its task, action keys and statuses stay; erased, each is a placeholder in its place', () => {
    const evaluated = {
      ticketId: 't-1', taskId: 'task-refund', objectives: { refund: 'yes' }, values: { order_status: 'shipped' },
      steps: [
        { taskId: 'task-refund', dataPoints: [{ name: 'order_status', value: 'shipped' }], objectives: [], actions: [{ actionKey: 'notify', status: 'succeeded', result: { to: 'kim@example.com' } }], transition: null },
        { taskId: 'task-cancelled', dataPoints: [], objectives: [], actions: [{ actionKey: 'notify', status: 'failed', error: 'no mailbox for kim@example.com' }], transition: null },
      ],
    };
    // when
    const separated = separatePersonal('TaskEvaluated', evaluated)!;
    const envelope: SealedEnvelope = { k: '1', f: separated.fields, c: 'sealed' };
    // then
    expect(separated.fields.map(([f]) => f)).to.deep.equal([
      'steps.0.dataPoints', 'steps.1.dataPoints', 'steps.0.objectives', 'steps.1.objectives', 'steps.0.actions.0.result', 'steps.1.actions.0.error', 'objectives', 'values',
    ]);
    expect(separated.clear.steps).to.deep.equal([
      { taskId: 'task-refund', actions: [{ actionKey: 'notify', status: 'succeeded' }], transition: null },
      { taskId: 'task-cancelled', actions: [{ actionKey: 'notify', status: 'failed' }], transition: null },
    ]);
    expect(JSON.stringify(separated.clear)).to.not.include('kim@example.com');
    expect((evaluated.steps[0]!.actions[0] as { result?: unknown }).result, 'the event itself is not changed').to.deep.equal({ to: 'kim@example.com' });
    expect(joinPersonal({ ...separated.clear, [SEALED_FIELD]: envelope }, envelope, separated.values)).to.deep.equal(evaluated);
    const erased = joinPersonal({ ...separated.clear, [SEALED_FIELD]: envelope }, envelope, null) as typeof evaluated;
    expect(erased.steps.map((s) => [s.taskId, s.actions.map((a) => [a.actionKey, a.status]), s.dataPoints])).to.deep.equal([
      ['task-refund', [['notify', 'succeeded']], []], ['task-cancelled', [['notify', 'failed']], []],
    ]);
    expect((erased.steps[1]!.actions[0] as { error?: unknown }).error).to.equal(ERASED_TEXT);
  });

  it('given an event type without personal fields, or one whose personal fields are all empty, then nothing is taken out', () => {
    expect(separatePersonal('TicketStatusChanged', { ticketId: 't-1', from: 'open', to: 'resolved' })).to.equal(null);
    expect(separatePersonal('CsatSubmitted', { ticketId: 't-1', rating: 5, comment: null })).to.equal(null);
  });

  it('given data already sealed, then it is not taken apart again', () => {
    expect(separatePersonal('CustomerContactAdded', { value: 'x', [SEALED_FIELD]: { k: '1', f: [], c: '' } })).to.equal(null);
  });
});
