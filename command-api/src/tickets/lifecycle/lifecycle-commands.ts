import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import {
  accountSlaClock, agentOfAccount, AssignRequest, CallEvaluationRequest, CallRequest, ChatRequest, CsatRequest, decodeRequest, DispositionRequest, EmailRequest,
  InvalidRequest, Principal, SentimentRequest, StatusRequest, TicketCommand, TicketRequestProblem, toCallCommand, toChatCommand, toCsatCommand,
  TicketStatus, toDispositionCommand, toEmailCommand, toStatus, strictObject,
} from '@support/domain';

/** What a lifecycle route gets: who calls, the path's parameters, the decoded body and the time of the request. */
interface CommandInput<B> {
  readonly principal: Principal;
  readonly params: Readonly<Record<string, string>>;
  readonly body: B;
  readonly at: string;
}

type ToCommand<B> = (input: CommandInput<B>) => E.Either<TicketRequestProblem | InvalidRequest, TicketCommand>;

/** A lifecycle route: its path under /apis/tickets/{ticketId}, its body codec and the command it makes. */
interface LifecycleCommand<B = unknown> {
  readonly path: string;
  readonly body: t.Decoder<unknown, B>;
  readonly toCommand: ToCommand<B>;
}

const route = <B>(path: string, body: t.Decoder<unknown, B>, toCommand: ToCommand<B>): LifecycleCommand => ({
  path, body, toCommand: toCommand as ToCommand<unknown>,
});

const userOf = (p: Principal): string | null => p.user?.id ?? null;

const NoBody = strictObject('NoBody', {}, {});

/** Every lifecycle command route of the agent workspace (docs/api/agent-workspace.md). */
export const LIFECYCLE_COMMANDS: readonly LifecycleCommand[] = [
  route('/assign', AssignRequest, ({ principal, body, at }) =>
    E.map((agent: { id: string }) => ({ type: 'Assign', agentId: agent.id, byUserId: userOf(principal), at }) as TicketCommand)(agentOfAccount(principal.account, body.agentId))),
  route('/unassign', NoBody, ({ principal, at }) => E.right({ type: 'Unassign', byUserId: userOf(principal), at })),
  route('/status', StatusRequest, ({ principal, body, at }) =>
    E.map((status: TicketStatus) => ({
      type: 'ChangeStatus', status, ...(body.resolvedBy !== undefined ? { resolvedBy: body.resolvedBy } : {}), byUserId: userOf(principal), at,
      slaClock: accountSlaClock(principal.account),
    }) as TicketCommand)(toStatus(body.status))),
  route('/emails', EmailRequest, ({ principal, body, at }) => toEmailCommand(principal.account, body, at)),
  route('/calls', CallRequest, ({ principal, body, at }) => toCallCommand(principal.account, body, at)),
  route('/calls/:callId/evaluation', CallEvaluationRequest, ({ params, body, at }) =>
    E.right({ type: 'EvaluateCall', callId: params.callId, outcome: body.outcome, reason: body.reason, evaluatedAt: body.evaluatedAt, at })),
  route('/chats', ChatRequest, ({ principal, body, at }) => toChatCommand(principal.account, body, at)),
  route('/csat', CsatRequest, ({ body }) => toCsatCommand(body)),
  route('/disposition', DispositionRequest, ({ principal, body, at }) => toDispositionCommand(principal.account, body, userOf(principal), at)),
  route('/sentiments', SentimentRequest, ({ principal, body, at }) =>
    E.right({ type: 'AddSentiment', sentiment: body.sentiment, addedBy: 'agent', agentId: userOf(principal), at })),
];

/** Decodes the body (absent counts as {}) and makes the command. */
export const toLifecycleCommand = (c: LifecycleCommand, input: Omit<CommandInput<unknown>, 'body'> & { readonly body: unknown }) => {
  const decoded = decodeRequest(c.body, input.body === undefined ? {} : input.body);
  if (E.isLeft(decoded)) return decoded;
  return c.toCommand({ ...input, body: decoded.right });
};
