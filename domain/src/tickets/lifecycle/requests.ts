import * as t from 'io-ts';
import { strictObject } from '../../shared/strict';
import { parseDateBound } from '../list/date-bounds';

/** Bodies of the agent-workspace routes (an addition to the spec; docs/api/agent-workspace.md). No other keys accepted. */

const text = (name: string, max: number) =>
  new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && u.trim() !== '' && u.length <= max,
    (u, c) => {
      if (typeof u !== 'string') return t.failure(u, c, 'must be a string');
      if (u.trim() === '') return t.failure(u, c, 'must not be empty');
      if (u.length > max) return t.failure(u, c, `must be at most ${max} characters`);
      return t.success(u.trim());
    },
    t.identity,
  );

/** An id sent by a channel or a client: 1 to 256 characters. */
export const Id = text('Id', 256);
/** A free text (reason, comment, label value): up to 4,000 characters. */
export const FreeText = text('FreeText', 4000);

/** A list of 1 to `max` ids; `what` names what they are, in the messages. */
export const IdList = (name: string, max: number, what: string) =>
  new t.Type<readonly string[], readonly string[], unknown>(
    name,
    (u): u is readonly string[] => Array.isArray(u) && u.length >= 1 && u.length <= max && u.every((id) => Id.is(id)),
    (u, c) => {
      if (!Array.isArray(u)) return t.failure(u, c, `must be an array of ${what}`);
      if (u.length < 1 || u.length > max) return t.failure(u, c, `must name 1 to ${max} ${what} (it names ${u.length})`);
      return t.array(Id).validate(u, c);
    },
    t.identity,
  );

/** An ISO 8601 date-time, answered in the stored form (UTC, toISOString). */
const IsoDateTime = new t.Type<string, string, unknown>(
  'IsoDateTime',
  (u): u is string => typeof u === 'string' && parseDateBound(u, 'start') !== null,
  (u, c) => {
    if (typeof u !== 'string') return t.failure(u, c, 'must be an ISO 8601 date-time string, for example 2026-03-01T09:30:00Z');
    const stored = parseDateBound(u, 'start');
    return stored === null ? t.failure(u, c, 'must be an ISO 8601 date-time, for example 2026-03-01T09:30:00Z') : t.success(stored);
  },
  t.identity,
);

const oneOf = <V extends string>(name: string, values: readonly V[]) =>
  new t.Type<V, V, unknown>(
    name,
    (u): u is V => typeof u === 'string' && (values as readonly string[]).includes(u),
    (u, c) => (typeof u === 'string' && (values as readonly string[]).includes(u) ? t.success(u as V) : t.failure(u, c, `must be one of ${values.map((v) => `"${v}"`).join(', ')}`)),
    t.identity,
  );

export const AssignRequest = strictObject('AssignRequest', { agentId: Id }, {});
export const StatusRequest = strictObject('StatusRequest', { status: Id }, { resolvedBy: oneOf('ResolvedBy', ['agent', 'ai'] as const) });

export const EmailRequest = strictObject('EmailRequest', {
  messageId: Id, threadId: Id, emailClient: Id, from: Id, to: t.array(Id), sentAt: IsoDateTime,
}, { generatedBy: oneOf('GeneratedBy', ['ai', 'system'] as const), agentId: Id });
export type EmailRequest = t.TypeOf<typeof EmailRequest>;

export const CallRequest = strictObject('CallRequest', {
  callId: Id, direction: oneOf('CallDirection', ['incoming', 'outgoing'] as const), startedAt: IsoDateTime,
}, { endedAt: IsoDateTime, agentId: Id });
export type CallRequest = t.TypeOf<typeof CallRequest>;

export const CallEvaluationRequest = strictObject('CallEvaluationRequest', {
  outcome: oneOf('VoiceFcrOutcome', ['resolved_on_call', 'unresolved', 'delegated'] as const), reason: Id, evaluatedAt: IsoDateTime,
}, {});

export const ChatRequest = strictObject('ChatRequest', { sessionId: Id, startedAt: IsoDateTime }, { agentId: Id, firstAgentMessageAt: IsoDateTime });
export type ChatRequest = t.TypeOf<typeof ChatRequest>;

export const ChildTicketRequest = strictObject('ChildTicketRequest', {
  kind: oneOf('ChildTicketKind', ['child', 'interaction'] as const), query: t.string,
}, { childTicketParam: Id, subject: FreeText, source: Id, manualSourceLabel: Id, orderName: Id });
export type ChildTicketRequest = t.TypeOf<typeof ChildTicketRequest>;

export const CsatRequest = strictObject('CsatRequest', { event: oneOf('CsatEvent', ['sent', 'submitted'] as const), at: IsoDateTime }, {
  rating: t.number, comment: t.string,
});
export type CsatRequest = t.TypeOf<typeof CsatRequest>;

export const DispositionRequest = strictObject('DispositionRequest', {}, {
  category: t.union([FreeText, t.null]), subcategory: t.union([FreeText, t.null]), fields: t.record(t.string, t.string),
});
export type DispositionRequest = t.TypeOf<typeof DispositionRequest>;

export const SentimentRequest = strictObject('SentimentRequest', { sentiment: oneOf('Sentiment', ['positive', 'neutral', 'negative'] as const) }, {});
