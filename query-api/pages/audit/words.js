// What an event changed, in plain words, for the trail. Unknown types fall back to their fields.
const by = (id) => (id ? ` by ${id}` : '');
const quoted = (text) => (text === null || text === undefined || text === '' ? '' : ` “${text}”`);

const PHRASES = {
  TicketCreated: (d) => `Ticket #${d.ticketNumber} opened from ${d.source}${d.subject ? `: “${d.subject}”` : ''}, status ${d.status}, customer ${d.customer?.name ?? d.customerId}`,
  TicketNumberAssigned: (d) => `Given the number ${d.ticketNumber ?? ''}`.trim(),
  TaskEvaluated: (d) => `Workflow task ${d.taskId} evaluated${d.teamId ? ` (team ${d.teamId})` : ''}`,
  TicketQueryProcessed: (d) => `Text processed: summary${quoted(d.summary)}, sentiment ${d.sentiment ?? 'none'}`,
  DataPointsReevaluated: (d) => `Data points evaluated again (attempt ${d.attempt})`,
  TicketAssigned: (d) => `Assigned to ${d.agentId}${by(d.assignedById)}${d.previousAgentId ? ` (was ${d.previousAgentId})` : ''}`,
  TicketUnassigned: (d) => `Unassigned from ${d.previousAgentId}${by(d.unassignedById)}`,
  TicketStatusChanged: (d) => `Status ${d.from} → ${d.to}${by(d.changedById)}${d.resolvedBy ? ` (resolved by ${d.resolvedBy})` : ''}`,
  EmailMessageRecorded: (d) => `Email from ${d.direction} recorded (${d.from})`,
  CallRecorded: (d) => `${d.direction === 'incoming' ? 'Incoming' : 'Outgoing'} call recorded`,
  CallEnded: () => 'Call ended',
  CallEvaluated: (d) => `Call evaluated: ${d.outcome}`,
  ChatSessionRecorded: () => 'Chat session recorded',
  FirstResponseRecorded: (d) => `First response by ${d.channel}${by(d.agentId)}`,
  AgentReplied: (d) => `Agent replied by ${d.channel}${by(d.agentId)}`,
  ChildTicketLinked: (d) => `${d.kind === 'child' ? 'Child ticket' : 'Interaction'} ${d.childTicketId} linked`,
  CsatSent: () => 'Satisfaction survey sent',
  CsatSubmitted: (d) => `Satisfaction rated ${d.rating}${quoted(d.comment)}`,
  DispositionSet: (d) => `Disposition set${d.category ? `: ${d.category}${d.subcategory ? ` / ${d.subcategory}` : ''}` : ''}${by(d.setById)}`,
  SentimentAdded: (d) => `Sentiment ${d.sentiment} added by ${d.addedBy === 'agent' ? d.agentId ?? 'an agent' : 'the text processor'}`,
  SlaBreached: (d) => `SLA target ${d.metric ?? ''} breached`.replace('  ', ' '),
  SlaMet: (d) => `SLA target ${d.metric ?? ''} met`.replace('  ', ' '),
};

const SKIPPED = new Set(['ticketId', 'accountId', 'at']);
const short = (v) => (v !== null && typeof v === 'object' ? (Array.isArray(v) ? `${v.length} items` : '{…}') : String(v));

/** The event's change in words. */
export const describe = (event) => {
  const data = event.data ?? {};
  const phrase = PHRASES[event.type];
  if (phrase !== undefined) {
    try {
      return phrase(data);
    } catch {
      // A shape this page does not know: the fields below say it.
    }
  }
  const fields = Object.entries(data).filter(([k]) => !SKIPPED.has(k)).slice(0, 6);
  return fields.length === 0 ? event.type : fields.map(([k, v]) => `${k}: ${short(v)}`).join(', ');
};

/** The places of an event's personal values, sealed in the log under a key of its own (docs/api/erasure.md); none for most events. */
export const sealedFields = (event) => {
  const envelope = event.data?.$personal;
  return Array.isArray(envelope?.f) ? envelope.f.map((place) => String(place[0])) : [];
};

/** The trail's line for the erasure of the ticket's customer (`customerErasure` of GET /apis/tickets/{id}/events). */
export const erasureWords = (erasure) =>
  `Personal data of the customer erased${by(erasure.requestedBy)}: asked ${erasure.requestedAt}, done ${erasure.erasedAt} (erasure ${erasure.erasureId}, ` +
  `${erasure.keys} keys deleted). The sealed fields of this trail's events can no longer be opened; ` +
  'the events are stored as they were, so each still verifies against every checkpoint.';

/** Who did it: the access token's id or the worker's name, from the event's metadata. */
export const actor = (event) => event.metadata?.userId ?? 'the service';
