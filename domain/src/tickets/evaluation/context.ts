import { Account, Task } from '../../config/account-config';
import { DataPointOverrides } from '../overrides';
import { TicketState } from '../ticket';

/** The customer as data points and placeholders see it. */
interface EvaluationCustomer {
  readonly id: string;
  readonly name: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly storefrontCustomerId: string | null;
}

/** The ticket as placeholders and action inputs see it. */
interface EvaluationTicket {
  readonly id: string;
  readonly ticketNumber: number;
  readonly orderName: string | null;
  readonly subject: string | null;
  readonly query: string;
  readonly source: string;
  readonly manualSourceLabel: string | null;
}

/** A ticket as its evaluation sees it. */
export const evaluationTicketOf = (t: TicketState): EvaluationTicket => ({
  id: t.ticketId, ticketNumber: t.ticketNumber, orderName: t.orderName, subject: t.subject, query: t.query, source: t.source, manualSourceLabel: t.manualSourceLabel,
});

/** Everything a task evaluation reads besides its ports. */
export interface TaskEvaluationInput {
  readonly account: Account;
  readonly task: Task;
  readonly ticket: EvaluationTicket;
  readonly customer: EvaluationCustomer;
  readonly objectiveValues: Readonly<Record<string, string>>;
  /** Checked overrides, keyed by configured data point name. */
  readonly overrides: DataPointOverrides;
  readonly skipExecuteAction: boolean;
  readonly evaluatedAt: Date;
}
