import * as E from 'fp-ts/Either';
import { DataPoint } from '../../config/account-config';
import { ActionRunOutcome } from '../../ports/action-runner';
import { OrderDetails, OrderLookupError } from '../../ports/order-lookup';
import { ActionRunRecord, DataPointResolution } from '../events';
import { findDataPoint } from '../overrides';
import { actionInputs } from './action-inputs';
import { TaskEvaluationInput } from './context';
import { evaluateExpression, expressionMentions } from './expressions';
import { TaskEvaluationPorts } from './ports';
import { asComparable, isPresent, valueAtPath } from './values';

type Resolution = DataPointResolution;

const absent = (dp: { name: string; source: string }, reason: string, rejectedValue?: unknown): Resolution => ({
  name: dp.name, source: dp.source, status: 'absent', reason, ...(rejectedValue !== undefined ? { rejectedValue } : {}),
});
/** Absent because the source could not answer: a re-evaluation may fill it later. */
const notAnswered = (dp: { name: string; source: string }, reason: string): Resolution => ({
  name: dp.name, source: dp.source, status: 'absent', reason, retryable: true,
});

/** Store-system failures that may pass (the system down, slow or busy), as opposed to answers. */
const orderMayAnswerLater = (e: OrderLookupError): boolean => e.kind === 'unavailable' || e.kind === 'rateLimited';
const resolved = (dp: { name: string; source: string }, value: unknown, overridden = false): Resolution => ({
  name: dp.name, source: dp.source, status: 'resolved', value, overridden,
});

const describeOrderError = (e: OrderLookupError): string => {
  switch (e.kind) {
    case 'notConfigured': return 'the account has no store system configured';
    case 'invalidIdentifier': return `the store system refused the customer identifier (${e.message})`;
    case 'orderNotFound': return 'the store system has no such order';
    case 'unauthorized': return `the store system refused access (HTTP ${e.status})`;
    case 'rateLimited': return 'the store system rate-limited the lookup';
    case 'unavailable': return `the store system is unavailable (${e.message})`;
    case 'badResponse': return `the store system answered unexpectedly (${e.message})`;
  }
};

const describeActionFailure = (o: Exclude<ActionRunOutcome, { kind: 'succeeded' }>): string => {
  switch (o.kind) {
    case 'notFound': return o.message;
    case 'invalidInputs': return `invalid inputs: ${o.errors.join('; ')}`;
    case 'failed': return o.error;
  }
};

/** The record of one action run, for the evaluation event. */
export const actionRecord = (
  actionKey: string,
  purpose: 'task' | 'dataPoint',
  outcome: ActionRunOutcome,
  dataPoint?: string,
): ActionRunRecord => {
  const base = { actionKey, purpose, ...(dataPoint ? { dataPoint } : {}) };
  switch (outcome.kind) {
    case 'succeeded':
      return { ...base, status: 'succeeded', result: outcome.result, httpStatus: outcome.httpStatus, durationMs: outcome.durationMs };
    case 'failed':
      return { ...base, status: 'failed', error: outcome.error, ...(outcome.httpStatus !== undefined ? { httpStatus: outcome.httpStatus } : {}), durationMs: outcome.durationMs };
    case 'invalidInputs':
      return { ...base, status: 'invalidInputs', errors: outcome.errors };
    case 'notFound':
      return { ...base, status: 'notFound', error: outcome.message };
  }
};

export const SKIPPED_REASON = 'execute actions are skipped for this request (skipExecuteAction)';

/**
 * Resolves data points for one ticket, each at most once (a data point has one value per
 * evaluation, also across transitions). Sources that cannot answer leave the value absent with the
 * reason; nothing is invented. Data points a computed expression, an objective or a transition
 * needs are resolved on demand, also when the task does not list them directly.
 */
export class DataPointResolver {
  private readonly resolutions = new Map<string, Resolution>();
  private readonly resolving = new Set<string>();
  private order: Promise<E.Either<OrderLookupError, OrderDetails | null>> | null = null;
  /** Names resolved or read since the last drain (for the per-task record). */
  private touched: string[] = [];
  /** Action runs since the last drain. */
  private runs: ActionRunRecord[] = [];

  /** `known`: resolutions already made (a re-evaluation asks only for the others again). */
  constructor(private readonly input: TaskEvaluationInput, private readonly ports: TaskEvaluationPorts, known: readonly Resolution[] = []) {
    for (const r of known) this.resolutions.set(r.name.toLowerCase(), r);
  }

  /** Values resolved so far by configured name (absent ones left out). */
  values(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const r of this.resolutions.values()) if (r.status === 'resolved') out[r.name] = r.value;
    return out;
  }

  /** Data points and action runs since the last call (one task's share of the record). */
  drain(): { dataPoints: Resolution[]; actions: ActionRunRecord[] } {
    const dataPoints = this.touched.map((n) => this.resolutions.get(n.toLowerCase())).filter((r): r is Resolution => r !== undefined);
    const actions = this.runs;
    this.touched = [];
    this.runs = [];
    return { dataPoints, actions };
  }

  recordAction(run: ActionRunRecord): void {
    this.runs.push(run);
  }

  /** The ticket context of action inputs and placeholders (see actionInputs). */
  async actionContext(needsOrderId: boolean): Promise<Record<string, unknown>> {
    const { ticket, customer, objectiveValues } = this.input;
    let orderId: unknown;
    if (this.order !== null || needsOrderId) {
      const o = await this.lookupOrder();
      if (E.isRight(o) && o.right !== null) orderId = o.right.order_id;
    }
    return {
      ticketId: ticket.id, ticketNumber: ticket.ticketNumber, customerId: customer.id, customerName: customer.name,
      customerPhone: customer.phone, customerEmail: customer.email, storefrontCustomerId: customer.storefrontCustomerId,
      orderName: ticket.orderName, orderId, subject: ticket.subject, query: ticket.query,
      ...this.values(), ...objectiveValues,
    };
  }

  async resolve(name: string): Promise<Resolution> {
    const key = name.toLowerCase();
    if (!this.touched.some((n) => n.toLowerCase() === key)) this.touched.push(name);
    const known = this.resolutions.get(key);
    if (known) return known;
    const dp = findDataPoint(this.input.account, name);
    if (dp === undefined) {
      const r = absent({ name, source: 'unknown' }, 'no data point of this account has that name');
      this.resolutions.set(key, r);
      return r;
    }
    if (this.resolving.has(key)) return absent(dp, 'its expression depends on itself');
    this.resolving.add(key);
    try {
      const override = this.input.overrides[dp.name];
      const r = override !== undefined ? resolved(dp, override, true) : this.checkPossibleValues(dp, await this.fromSource(dp));
      this.resolutions.set(key, r);
      // keep the configured casing in the record
      this.touched = this.touched.map((n) => (n.toLowerCase() === key ? dp.name : n));
      return r;
    } finally {
      this.resolving.delete(key);
    }
  }

  private checkPossibleValues(dp: DataPoint, r: Resolution): Resolution {
    if (r.status !== 'resolved' || dp.possibleValues === undefined) return r;
    const text = asComparable(r.value);
    return dp.possibleValues.includes(text)
      ? r
      : absent(dp, `value ${JSON.stringify(text)} is not one of its possible values (${dp.possibleValues.join(', ')})`, r.value);
  }

  private lookupOrder(): Promise<E.Either<OrderLookupError, OrderDetails | null>> {
    if (this.order === null) {
      const { phone, email } = this.input.customer;
      this.order = this.ports.orderForTicket({ ...(phone ? { phone } : {}), ...(email ? { email } : {}) }, this.input.ticket.orderName);
    }
    return this.order;
  }

  private async fromSource(dp: DataPoint): Promise<Resolution> {
    switch (dp.source) {
      case 'customer': {
        const v = valueAtPath(this.input.customer, dp.path);
        return isPresent(v) ? resolved(dp, v) : absent(dp, `the customer has no ${dp.path}`);
      }
      case 'order': {
        const o = await this.lookupOrder();
        if (E.isLeft(o)) return (orderMayAnswerLater(o.left) ? notAnswered : absent)(dp, `order lookup failed: ${describeOrderError(o.left)}`);
        if (o.right === null) return absent(dp, this.input.ticket.orderName ? `the store system has no order "${this.input.ticket.orderName}" for this customer` : 'the store system has no order for this customer');
        const v = valueAtPath(o.right, dp.path);
        return isPresent(v) ? resolved(dp, v) : absent(dp, `the order has no ${dp.path}`);
      }
      case 'spreadsheet':
        return absent(dp, 'spreadsheet data points have no data source in this service: send the value in dataPointOverrides');
      case 'integration': {
        const placeholders = {
          customer: this.input.customer,
          ticket: this.input.ticket,
          dataPoints: this.values(),
        };
        const answer = await this.ports.callHttp(dp.request, placeholders);
        if (E.isLeft(answer)) {
          const f = answer.left;
          return (f.kind === 'invalidUrl' ? absent : notAnswered)(dp, f.kind === 'timeout' ? `the integration did not answer within ${f.timeoutMs} ms` : `the integration request failed (${f.kind}: ${f.message})`);
        }
        const status = answer.right.status;
        if (status < 200 || status > 299) return (status >= 500 || status === 429 || status === 408 ? notAnswered : absent)(dp, `the integration answered HTTP ${status}`);
        const v = await evaluateExpression(dp.output, answer.right.body);
        if (E.isLeft(v)) return absent(dp, `its output expression failed (${v.left})`);
        return isPresent(v.right) ? resolved(dp, v.right) : absent(dp, `its output expression ${JSON.stringify(dp.output)} found no value in the answer`);
      }
      case 'computed': {
        const others = (this.input.account.dataPoints ?? []).filter((o) => o.name.toLowerCase() !== dp.name.toLowerCase() && expressionMentions(dp.expression, o.name));
        const inputs: Resolution[] = [];
        for (const o of others) inputs.push(await this.resolve(o.name));
        const missing = inputs.filter((r) => r.status === 'absent');
        if (missing.length > 0) {
          // A value its sources may still give can fill it later too.
          const later = missing.some((r) => r.status === 'absent' && r.retryable === true);
          return (later ? notAnswered : absent)(dp, `it depends on data points without a value (${missing.map((r) => r.name).join(', ')})`);
        }
        const v = await evaluateExpression(dp.expression, this.values());
        if (E.isLeft(v)) return absent(dp, `its expression failed (${v.left})`);
        return isPresent(v.right) ? resolved(dp, v.right) : absent(dp, 'its expression gave no value');
      }
      case 'executeAction': {
        if (this.input.skipExecuteAction) {
          this.recordAction({ actionKey: dp.actionKey, purpose: 'dataPoint', dataPoint: dp.name, status: 'skipped', reason: SKIPPED_REASON });
          return absent(dp, SKIPPED_REASON);
        }
        const action = (this.input.account.executeActions ?? []).find((a) => a.key === dp.actionKey);
        const needsOrderId = (action?.inputs ?? []).some((i) => i.name.toLowerCase() === 'orderid');
        const outcome = await this.ports.runAction(dp.actionKey, actionInputs(action, await this.actionContext(needsOrderId)));
        this.recordAction(actionRecord(dp.actionKey, 'dataPoint', outcome, dp.name));
        if (outcome.kind !== 'succeeded') return absent(dp, `execute action "${dp.actionKey}" did not succeed (${describeActionFailure(outcome)})`);
        const v = outcome.result === undefined ? undefined : (JSON.parse(JSON.stringify(outcome.result)) as unknown);
        return isPresent(v) ? resolved(dp, v) : absent(dp, `execute action "${dp.actionKey}" gave no result`);
      }
    }
  }
}
