import * as E from 'fp-ts/Either';
import { Account, User } from '../../config/account-config';
import { TicketCommand } from './commands';
import { CallRequest, ChatRequest, CsatRequest, DispositionRequest, EmailRequest } from './requests';
import { isTicketStatus, TICKET_STATUSES } from './status-transitions';
import { TicketStatus } from '../events';

/** A request that names something the account does not have, or holds values that do not fit (400). */
export interface TicketRequestProblem {
  readonly kind: 'TicketRequestProblem';
  readonly field: string;
  readonly message: string;
}

const problem = (field: string, message: string): E.Either<TicketRequestProblem, never> => E.left({ kind: 'TicketRequestProblem', field, message });

/** The user of the account with this id (an agent or an admin), or a 400 naming it. */
export const agentOfAccount = (account: Account, agentId: string, field = 'agentId'): E.Either<TicketRequestProblem, User> => {
  const user = (account.users ?? []).find((u) => u.id === agentId);
  return user === undefined ? problem(field, `${field} "${agentId}" is not a user of this account: send the id of one of its agents`) : E.right(user);
};

const optionalAgent = (account: Account, agentId: string | undefined): E.Either<TicketRequestProblem, string | null> =>
  agentId === undefined ? E.right(null) : E.map((u: User) => u.id)(agentOfAccount(account, agentId));

export const toStatus = (status: string): E.Either<TicketRequestProblem, TicketStatus> =>
  isTicketStatus(status) ? E.right(status) : problem('status', `status "${status}" is not a ticket status: send one of ${TICKET_STATUSES.join(', ')}`);

/** The address of "Name <addr@host>" or "addr@host", lower case. */
const addressOf = (from: string): string => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim().toLowerCase();

/**
 * An email of the ticket. From one of the account's mailboxes or aliases, or from the address of
 * one of its users (a mailbox owner), it is an agent message; from any other address a customer
 * message (docs/api/exports.md, The file: Customer and Agent Email Messages). Its agent: agentId when sent, else the user whose address sent it;
 * AI- or system-generated messages have none.
 */
export const toEmailCommand = (account: Account, r: EmailRequest, at: string): E.Either<TicketRequestProblem, TicketCommand> => {
  const from = addressOf(r.from);
  const owner = (account.users ?? []).find((u) => addressOf(u.email) === from);
  const mailboxes = (account.mailboxes ?? []).map(addressOf);
  const direction = mailboxes.includes(from) || owner !== undefined ? 'agent' : 'customer';
  const agent = optionalAgent(account, r.agentId);
  if (E.isLeft(agent)) return agent;
  const generatedBy = r.generatedBy ?? null;
  const agentId = generatedBy !== null ? null : agent.right ?? owner?.id ?? null;
  return E.right({
    type: 'RecordEmail', messageId: r.messageId, threadId: r.threadId, emailClient: r.emailClient, from: r.from, to: r.to, sentAt: r.sentAt,
    direction, generatedBy, agentId, at,
  });
};

export const toCallCommand = (account: Account, r: CallRequest, at: string): E.Either<TicketRequestProblem, TicketCommand> => {
  if (r.endedAt !== undefined && r.endedAt < r.startedAt) return problem('endedAt', 'endedAt must not be before startedAt');
  const agent = optionalAgent(account, r.agentId);
  if (E.isLeft(agent)) return agent;
  return E.right({ type: 'RecordCall', callId: r.callId, direction: r.direction, startedAt: r.startedAt, endedAt: r.endedAt ?? null, agentId: agent.right, at });
};

export const toChatCommand = (account: Account, r: ChatRequest, at: string): E.Either<TicketRequestProblem, TicketCommand> => {
  if (r.firstAgentMessageAt !== undefined && r.firstAgentMessageAt < r.startedAt) return problem('firstAgentMessageAt', 'firstAgentMessageAt must not be before startedAt');
  const agent = optionalAgent(account, r.agentId);
  if (E.isLeft(agent)) return agent;
  return E.right({ type: 'RecordChat', sessionId: r.sessionId, startedAt: r.startedAt, agentId: agent.right, firstAgentMessageAt: r.firstAgentMessageAt ?? null, at });
};

export const toCsatCommand = (r: CsatRequest): E.Either<TicketRequestProblem, TicketCommand> => {
  if (r.event === 'sent') {
    if (r.rating !== undefined || r.comment !== undefined) return problem(r.rating !== undefined ? 'rating' : 'comment', 'rating and comment come with event "submitted", not "sent": remove them');
    return E.right({ type: 'SendCsat', sentAt: r.at });
  }
  if (r.rating === undefined) return problem('rating', 'rating is required with event "submitted": send an integer from 1 to 5');
  if (!Number.isInteger(r.rating) || r.rating < 1 || r.rating > 5) return problem('rating', `rating must be an integer from 1 to 5, got ${r.rating}`);
  if (r.comment !== undefined && r.comment.length > 4000) return problem('comment', 'comment must be at most 4000 characters');
  const comment = r.comment === undefined || r.comment.trim() === '' ? null : r.comment.trim();
  return E.right({ type: 'SubmitCsat', rating: r.rating, comment, submittedAt: r.at });
};

/**
 * Category and subcategory, and the values of the account's other active disposition fields by
 * label (matched case-insensitively, stored in the configured casing). An unknown or inactive
 * field is a 400 naming it; so is a category field sent in `fields` (send it as category).
 */
export const toDispositionCommand = (account: Account, r: DispositionRequest, byUserId: string | null, at: string): E.Either<TicketRequestProblem, TicketCommand> => {
  const configured = account.dispositionFields ?? [];
  const fields: Record<string, string> = {};
  for (const [label, value] of Object.entries(r.fields ?? {})) {
    const field = configured.find((f) => f.label.toLowerCase() === label.trim().toLowerCase());
    if (field === undefined) {
      const known = configured.filter((f) => f.active && f.kind === 'text').map((f) => `"${f.label}"`);
      return problem(`fields.${label}`, `Disposition field "${label}" is not configured for this account${known.length > 0 ? `: use one of ${known.join(', ')}` : ''}`);
    }
    if (!field.active) return problem(`fields.${label}`, `Disposition field "${field.label}" is inactive: it takes no values`);
    if (field.kind !== 'text') return problem(`fields.${label}`, `Disposition field "${field.label}" is the ${field.kind}: send it as "${field.kind}"`);
    if (value.length > 4000) return problem(`fields.${label}`, `Disposition field "${field.label}" must be at most 4000 characters`);
    fields[field.label] = value.trim();
  }
  if (r.category === undefined && r.subcategory === undefined && Object.keys(fields).length === 0) {
    return problem('body', 'Send at least one of category, subcategory or fields');
  }
  return E.right({
    type: 'SetDisposition', ...(r.category !== undefined ? { category: r.category } : {}), ...(r.subcategory !== undefined ? { subcategory: r.subcategory } : {}),
    fields, byUserId, at,
  });
};
