import { arrayOf, dateTime, int, nullable, object, str, uuid } from '@support/http-edge';

/** The body both erasure routes answer (docs/api/erasure.md). */
export const erasureAnswer = object({
  success: { const: true },
  erasureId: uuid(),
  customerId: str(),
  status: { enum: ['requested', 'erased', 'refused'], description: '`requested`: the job runs (a few seconds); `erased`: done; `refused`: nothing was erased, `reason` says why.' },
  requestedBy: str('The access token id (never the token) of the admin who asked.'),
  requestedAt: dateTime(),
  finishedAt: nullable(dateTime()),
  reason: nullable(str('Why the erasure was refused, and what the operator can do.')),
  erased: nullable(object({
    streams: int('Streams whose personal values were erased: the customer\'s, each of their tickets\', resource records\' and template messages\', and each answer kept for an Idempotency-Key naming them.', { minimum: 0 }),
    events: int('Events whose sealed personal values can no longer be opened.', { minimum: 0 }),
    keys: int('Keys deleted.', { minimum: 0 }),
  }, ['streams', 'events', 'keys'], { closed: true })),
  ticketIds: arrayOf(str(), 'The tickets whose personal values were erased (empty until erased).'),
  messageIds: arrayOf(str(), 'The template messages sent to the customer\'s phones whose number and parameters were erased (empty until erased).'),
  statusUrl: str('Relative URL of this erasure\'s status.'),
}, ['success', 'erasureId', 'customerId', 'status', 'requestedBy', 'requestedAt', 'finishedAt', 'reason', 'erased', 'ticketIds', 'messageIds', 'statusUrl'], { closed: true });
