/**
 * The fields of each event type that hold a customer's personal data: what the log seals with a key
 * of its own per event, and what an erasure makes unreadable. A name is a field of the event's data,
 * `field.inner` for a field of an object in it, `list.*.inner` for that field of each element of a
 * list. Fields not named here stay in the clear: ids,
 * numbers, statuses, times, agents, SLA outcomes, CSAT ratings, counts.
 */
export const PERSONAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // customer-<id>
  CustomerCreated: ['name', 'phone', 'email', 'storefrontCustomerId'],
  CustomerContactAdded: ['value'],
  CustomerDetailsAdded: ['name', 'storefrontCustomerId'],
  CustomerRequestReceived: ['subject', 'query', 'orderName'],
  // ticket-<id>
  TicketCreated: ['subject', 'query', 'summary', 'orderName', 'customer.name', 'customer.phone', 'customer.email', 'payload', 'images', 'objectiveValues'],
  TicketQueryProcessed: ['summary'],
  // What a task evaluation found (data point values, objectives, action results); the task path, action keys and statuses stay.
  TaskEvaluated: ['steps.*.dataPoints', 'steps.*.objectives', 'steps.*.actions.*.result', 'steps.*.actions.*.error', 'steps.*.actions.*.errors', 'objectives', 'values'],
  DataPointsReevaluated: ['dataPoints', 'values', 'objectives'],
  EmailMessageRecorded: ['from', 'to'],
  CallEvaluated: ['reason'],
  CsatSubmitted: ['comment'],
  DispositionSet: ['fields'],
  TicketsMerged: ['note'],
  TicketMergedInto: ['note'],
  // resource_record-<id>: the record's fields (a customer's order, address, ...)
  ResourceRecordInserted: ['data'],
  ResourceRecordUpdated: ['changes', 'data'],
  // message-<id>: the number a template was sent to and the parameters it carried
  MessageQueued: ['to', 'template.components'],
  // idempotency-<hash>: the answer kept for the repeats of a request (a ticket with its customer, a record, ...)
  IdempotentRequestAnswered: ['bodyText', 'body'],
};

/** The personal fields of an event type (none for most). */
export const personalFieldsOf = (eventType: string): readonly string[] => PERSONAL_FIELDS[eventType] ?? [];
