import { TaskEvaluation, TicketState } from '@support/domain';

/** The `ticket` of the create response: the list item fields of spec 2.4 and everything else the ticket holds. */
export const ticketView = (t: TicketState, evaluation: TaskEvaluation | null = null) => ({
  id: t.ticketId,
  ticketNumber: t.ticketNumber,
  status: t.status,
  subject: t.subject,
  query: t.query,
  summary: t.summary,
  sentiment: t.sentiment,
  textProcessing: t.textProcessing,
  orderName: t.orderName,
  source: t.source,
  manualSourceLabel: t.manualSourceLabel,
  customerId: t.customerId,
  taskId: t.taskId,
  teamId: t.teamId,
  requestedTaskId: t.requestedTaskId,
  assignedToId: null,
  createdByUserId: t.createdByUserId,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  resolvedAt: null,
  payload: t.payload,
  payloadFormat: t.payloadFormat,
  relatedTicketNumber: t.relatedTicketNumber,
  objectiveValues: t.objectiveValues,
  objectives: t.objectives,
  images: t.images,
  parentTicketId: t.parentTicketId,
  ...(evaluation !== null
    ? {
        evaluation: {
          requestedTaskId: evaluation.requestedTaskId,
          taskId: evaluation.taskId,
          transitions: evaluation.transitions,
          cycleStopped: evaluation.cycleStopped,
          values: evaluation.values,
          skipExecuteAction: evaluation.skipExecuteAction,
        },
      }
    : {}),
});
