import { TicketStatus } from '../events';

/** Every status docs/api/ticket-list.md names. */
export const TICKET_STATUSES: readonly TicketStatus[] = [
  'open', 'assigned', 'resolved', 'in_progress', 'queued', 'closed', 'stale', 'stale_marked_automatically', 'resolved_by_agent', 'resolved_by_ai',
];

const RESOLVED: readonly TicketStatus[] = ['resolved', 'resolved_by_agent', 'resolved_by_ai'];
const STALE: readonly TicketStatus[] = ['stale', 'stale_marked_automatically'];
const ENDINGS: readonly TicketStatus[] = [...RESOLVED, 'closed', ...STALE];

/**
 * The moves a support desk makes. Working statuses move freely among themselves and to any ending
 * (resolved, closed, stale); an ending ticket is reopened (to open) or closed; nothing else moves
 * out of an ending. `assigned` also needs an assignee (checked by the decider).
 */
const STATUS_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  open: ['queued', 'assigned', 'in_progress', ...ENDINGS],
  queued: ['open', 'assigned', 'in_progress', ...ENDINGS],
  assigned: ['open', 'queued', 'in_progress', ...ENDINGS],
  in_progress: ['queued', 'assigned', ...ENDINGS],
  resolved: ['open', 'closed'],
  resolved_by_agent: ['open', 'closed'],
  resolved_by_ai: ['open', 'closed'],
  closed: ['open'],
  stale: ['open', 'closed', ...RESOLVED],
  stale_marked_automatically: ['open', 'closed', ...RESOLVED],
};

export const isTicketStatus = (s: string): s is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(s);

export const canMove = (from: TicketStatus, to: TicketStatus): boolean => STATUS_TRANSITIONS[from].includes(to);

/** Statuses that close a ticket's work: resolved ones, closed and stale ones (FCR's "terminal" list adds nothing else). */
export const isEndingStatus = (s: string): boolean => (ENDINGS as readonly string[]).includes(s);

export const isResolvingStatus = (s: string): boolean => (RESOLVED as readonly string[]).includes(s);

/** Who resolved, as the status says it (resolved_by_agent / resolved_by_ai), or as the caller said for plain `resolved`. */
export const resolverOf = (to: TicketStatus, said: 'agent' | 'ai' | undefined): 'agent' | 'ai' | null => {
  if (to === 'resolved_by_agent') return 'agent';
  if (to === 'resolved_by_ai') return 'ai';
  if (to === 'resolved') return said ?? 'agent';
  return null;
};
