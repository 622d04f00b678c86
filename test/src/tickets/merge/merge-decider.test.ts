import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { checkMerge, MergeRequest, TicketCreatedData, ticketDecider, TicketEvent, TicketState } from '@support/domain';
import { deciderSpecification } from '../../support/decider-specification';

const AT = '2027-01-01T10:00:00.000Z';
const LATER = '2027-01-01T11:00:00.000Z';

const createdData = (ticketId: string, over: Partial<TicketCreatedData> = {}): TicketCreatedData => ({
  ticketId, accountId: 'acme', ticketNumber: 7, status: 'open', subject: 'Late parcel', query: 'Where is it?', summary: null, sentiment: null, textProcessing: 'done',
  orderName: null, source: 'manual', manualSourceLabel: null, customerId: 'cu-1', customer: { name: null, phone: '+14155550100', email: null },
  taskId: null, teamId: null, requestedTaskId: null, createdByUserId: 'u-admin', createdByTokenId: 'tok-admin', createdAt: AT, payload: null,
  payloadFormat: null, relatedTicketNumber: null, objectiveValues: {}, images: [], parentTicketId: null, forced: false, ...over,
});
const created = (ticketId: string, over: Partial<TicketCreatedData> = {}): TicketEvent => ({ type: 'TicketCreated', data: createdData(ticketId, over) });

const S = 'tk-source';
const T = 'tk-target';
const onS = { ticketId: S, accountId: 'acme' };
const onT = { ticketId: T, accountId: 'acme' };
const given = deciderSpecification(ticketDecider);

const mergeInto = (mergeId = 'm-1') => ({ type: 'MergeInto' as const, targetTicketId: T, mergeId, note: 'same parcel', byUserId: 'u-admin', at: LATER });
const closed: TicketEvent = { type: 'TicketStatusChanged', data: { ...onS, from: 'open', to: 'closed', resolvedBy: null, changedById: 'u-admin', at: LATER } };
const mergedInto = (mergeId = 'm-1'): TicketEvent => ({
  type: 'TicketMergedInto', data: { ...onS, mergeId, targetTicketId: T, previousStatus: 'open', note: 'same parcel', mergedById: 'u-admin', at: LATER },
});

/** The state a stream's events fold to. */
const fold = (...events: TicketEvent[]): TicketState => events.reduce(ticketDecider.evolve, ticketDecider.initialState()) as TicketState;

describe('merge in the ticket decider (given / when / then)', () => {
  it('a source is closed and merged into the target; the same merge again changes nothing', () => {
    given(created(S)).when(mergeInto()).then([closed, mergedInto()]);
    given(created(S), closed, mergedInto()).when(mergeInto()).then([]);
  });

  it('a source already merged by another merge is refused with 409 naming the surviving ticket', () => {
    given(created(S), closed, mergedInto('m-1')).when(mergeInto('m-2')).thenFails({ kind: 'TicketMerged', ticketId: S, mergedIntoTicketId: T });
  });

  it('a command sent to a merged ticket is refused naming the surviving ticket; workers\' commands still apply', () => {
    given(created(S), closed, mergedInto()).when({ type: 'Assign', agentId: 'u-agent', byUserId: null, at: LATER })
      .thenFails({ kind: 'TicketMerged', ticketId: S, mergedIntoTicketId: T });
    given(created(S), closed, mergedInto()).when({ type: 'SetDisposition', category: 'Refunds', fields: {}, byUserId: null, at: LATER })
      .thenFails({ kind: 'TicketMerged', ticketId: S, mergedIntoTicketId: T });
    given(created(S), closed, mergedInto()).when({ type: 'RecordSlaOutcomes', at: LATER }).then([]);
  });

  it('the target records the merge once; a merged target refuses to absorb another', () => {
    const absorb = { type: 'AbsorbMerge' as const, mergeId: 'm-1', sourceTicketIds: [S], note: null, byUserId: 'u-admin', at: LATER };
    const merged: TicketEvent = { type: 'TicketsMerged', data: { ...onT, mergeId: 'm-1', sourceTicketIds: [S], note: null, mergedById: 'u-admin', at: LATER } };
    given(created(T)).when(absorb).then([merged]);
    given(created(T), merged).when(absorb).then([]);
    const targetMerged: TicketEvent = {
      type: 'TicketMergedInto', data: { ...onT, mergeId: 'm-0', targetTicketId: 'tk-other', previousStatus: 'open', note: null, mergedById: null, at: AT },
    };
    given(created(T), targetMerged).when(absorb).thenFails({ kind: 'TicketMerged', ticketId: T, mergedIntoTicketId: 'tk-other' });
  });

  it('a withdrawn merge gives the source back its status; a withdrawal of another merge changes nothing', () => {
    const withdrawn: TicketEvent = { type: 'TicketMergeWithdrawn', data: { ...onS, mergeId: 'm-1', targetTicketId: T, reason: 'target merged', at: LATER } };
    const reopened: TicketEvent = { type: 'TicketStatusChanged', data: { ...onS, from: 'closed', to: 'open', resolvedBy: null, changedById: null, at: LATER } };
    given(created(S), closed, mergedInto()).when({ type: 'WithdrawMerge', mergeId: 'm-1', reason: 'target merged', at: LATER }).then([withdrawn, reopened]);
    given(created(S), closed, mergedInto()).when({ type: 'WithdrawMerge', mergeId: 'm-9', reason: 'x', at: LATER }).then([]);
    expect(given(created(S), closed, mergedInto(), withdrawn, reopened).when({ type: 'Assign', agentId: 'u-agent', byUserId: null, at: LATER }).thenEvents()).to.have.length(2);
  });
});

describe('merge check before anything is written', () => {
  const target = { ticketId: T, state: fold(created(T)) };
  const source = (id: string, ...events: TicketEvent[]) => ({ ticketId: id, state: events.length === 0 ? null : fold(...events) });
  const refusal = (r: E.Either<unknown, void>) => (E.isLeft(r) ? r.left : null);

  it('passes a target and sources of the account that are not merged', () => {
    expect(refusal(checkMerge('acme', 'm-1', target, [source(S, created(S))]))).to.equal(null);
  });

  it('refuses an unknown source or one of another account (404 naming it), an unknown target (404)', () => {
    expect(refusal(checkMerge('acme', 'm-1', target, [source('tk-nope')]))).to.deep.equal({ kind: 'MergeSourceNotFound', ticketId: 'tk-nope' });
    expect(refusal(checkMerge('acme', 'm-1', target, [source(S, created(S, { accountId: 'globex' }))]))).to.deep.equal({ kind: 'MergeSourceNotFound', ticketId: S });
    expect(refusal(checkMerge('globex', 'm-1', target, [source(S, created(S))]))).to.deep.equal({ kind: 'TicketNotFound' });
  });

  it('refuses the target itself, a source named twice and a cycle (400), a merged source or target (409)', () => {
    expect(refusal(checkMerge('acme', 'm-1', target, [source(T, created(T))]))).to.include({ kind: 'InvalidTicketCommand', field: 'sourceTicketIds' });
    expect(refusal(checkMerge('acme', 'm-1', target, [source(S, created(S)), source(S, created(S))]))).to.include({ kind: 'InvalidTicketCommand' });
    const child = { ticketId: T, state: fold(created(T, { parentTicketId: S, ticketType: 'child', rootTicketId: S })) };
    const cycle = refusal(checkMerge('acme', 'm-1', child, [source(S, created(S))])) as { message: string };
    expect(cycle).to.include({ kind: 'InvalidTicketCommand' });
    expect(cycle.message).to.match(/cycle/);
    expect(refusal(checkMerge('acme', 'm-2', target, [source(S, created(S), closed, mergedInto('m-1'))]))).to.deep.equal({ kind: 'TicketMerged', ticketId: S, mergedIntoTicketId: T });
    const mergedTarget = { ticketId: T, state: fold(created(T), { type: 'TicketMergedInto', data: { ...onT, mergeId: 'm-0', targetTicketId: 'tk-x', previousStatus: 'open', note: null, mergedById: null, at: AT } }) };
    expect(refusal(checkMerge('acme', 'm-1', mergedTarget, [source(S, created(S))]))).to.deep.equal({ kind: 'TicketMerged', ticketId: T, mergedIntoTicketId: 'tk-x' });
  });

  it('the request names 1 to 20 sources, and says so past the limit', () => {
    expect(MergeRequest.decode({ sourceTicketIds: [] })._tag).to.equal('Left');
    const many = MergeRequest.decode({ sourceTicketIds: Array.from({ length: 21 }, (_, i) => `tk-${i}`) });
    expect(E.isLeft(many) && JSON.stringify(many.left)).to.match(/1 to 20 tickets \(it names 21\)/);
    expect(MergeRequest.decode({ sourceTicketIds: ['tk-1'], note: 'same parcel' })._tag).to.equal('Right');
    expect(MergeRequest.decode({ sourceTicketIds: ['tk-1'], targetId: 'x' })._tag).to.equal('Left');
  });
});
