import { ExportTicket, FCR_TERMINAL_STATUSES, isParentRow, RESOLVED_STATUSES } from './export-ticket';

type FcrValue = 'Yes' | 'No' | '';

/** How many distinct values (channels are one or two: no Set needed). */
const distinctCount = (values: readonly string[]): number => {
  let distinct = 0;
  for (let i = 0; i < values.length; i++) if (values.indexOf(values[i]) === i) distinct++;
  return distinct;
};

/**
 * FCR, the legacy calculation of docs/api/exports.md (The file), on parent rows only:
 * blank: a child or interaction row, no family metrics, or a family with neither a customer email
 * nor an incoming call (a chat-only family is blank too);
 * Yes: the parent is terminal, the family has at most one customer-contact channel, and each
 * applicable rule passes (voice: exactly one incoming call; email: one or two customer emails and
 * at most one agent email); No otherwise. Agent-only emails and outgoing calls add no channel.
 */
export const fcrOf = (t: ExportTicket): FcrValue => {
  const f = t.family;
  if (!isParentRow(t) || f === null || f === undefined) return '';
  const customerEmails = f.customerEmailMessageIds.length;
  const incomingCalls = f.incomingCallIds.length;
  if (customerEmails === 0 && incomingCalls === 0) return '';
  if (!FCR_TERMINAL_STATUSES.includes(t.status ?? '')) return 'No';
  if (distinctCount(f.channels) > 1) return 'No';
  if (incomingCalls > 0 && incomingCalls !== 1) return 'No';
  if (customerEmails > 0 && (customerEmails > 2 || f.agentEmailMessageIds.length > 1)) return 'No';
  return 'Yes';
};

type VoiceFcrValue = 'Yes' | 'No' | 'Unknown' | '';

/**
 * Voice FCR (docs/api/exports.md, The file), separate from FCR, on parent rows only:
 * blank: a child or interaction row, or a root with no incoming voice call;
 * Unknown: an incoming call but no stored decision (legacy tickets too);
 * Yes: the decision is resolved_on_call, no protected or delegated child work, no later inbound
 * customer contact, and the family was resolved; No otherwise.
 */
export const voiceFcrOf = (t: ExportTicket): VoiceFcrValue => {
  if (!isParentRow(t)) return '';
  const decision = t.voiceFcr ?? null;
  const incomingCalls = t.family?.incomingCallIds.length ?? 0;
  if (incomingCalls === 0 && decision === null) return '';
  if (decision === null) return 'Unknown';
  const resolved = RESOLVED_STATUSES.includes(t.status ?? '') || FCR_TERMINAL_STATUSES.includes(t.status ?? '');
  const protectedWork = t.family?.delegatedChildWork === true;
  return decision.outcome === 'resolved_on_call' && !decision.laterInboundContact && !protectedWork && resolved ? 'Yes' : 'No';
};
