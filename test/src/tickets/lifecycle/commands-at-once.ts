import { performance } from 'node:perf_hooks';
import { ApiResponse, TestService } from '../../support/test-service';
import { TOKENS } from '../../support/example-config';
import { quantile } from '../../bench/speed/load';

/** What sends a request: the running app's `api`, or the same through nginx. */
export type Api = Pick<TestService, 'api'>;

export interface TimedAnswer extends ApiResponse {
  /** From the moment the batch was sent until this answer came. */
  readonly ms: number;
}

interface AnswersAtOnce {
  /** In the order the commands were made (not the order they were decided). */
  readonly answers: readonly TimedAnswer[];
  /** Until the last answer. */
  readonly elapsedMs: number;
}

/** A customer's email to the ticket, as a channel integration delivers it. */
export const customerEmail = (messageId: string) => ({
  messageId, threadId: 'thread-at-once', emailClient: 'gmail', from: 'kim@example.com', to: ['support@acme.example'], sentAt: new Date().toISOString(),
});

/** POSTs every body to /apis/tickets/{ticketId}/<command> at the same moment (acme's admin token), timing each answer. */
export const commandsAtOnce = async (svc: Api, ticketId: string, command: string, bodies: readonly unknown[]): Promise<AnswersAtOnce> => {
  const started = performance.now();
  const answers = await Promise.all(bodies.map(async (body) => {
    const answer = await svc.api('POST', `/apis/tickets/${encodeURIComponent(ticketId)}/${command}`, { token: TOKENS.acmeAdmin, body });
    return { ...answer, ms: performance.now() - started };
  }));
  return { answers, elapsedMs: performance.now() - started };
};

/** `count` customer emails with distinct message ids (`<prefix>-<i>`) posted to the ticket at once. */
export const emailsAtOnce = (svc: Api, ticketId: string, count: number, prefix: string): Promise<AnswersAtOnce> =>
  commandsAtOnce(svc, ticketId, 'emails', Array.from({ length: count }, (_, i) => customerEmail(`${prefix}-${i}`)));

/** The ticket's events, oldest first (GET /apis/tickets/{ticketId}/events). */
export const historyOf = async (svc: Api, ticketId: string): Promise<{ type: string; data: Record<string, unknown> }[]> => {
  const r = await svc.api('GET', `/apis/tickets/${encodeURIComponent(ticketId)}/events`, { token: TOKENS.acmeAdmin });
  if (r.status !== 200) throw new Error(`history of ${ticketId}: ${r.status} ${r.text}`);
  return r.body.events;
};

/** How often each message id was recorded on the ticket (EmailMessageRecorded). */
export const recordedEmailCounts = async (svc: Api, ticketId: string): Promise<Map<string, number>> => {
  const counts = new Map<string, number>();
  for (const e of await historyOf(svc, ticketId)) {
    if (e.type !== 'EmailMessageRecorded') continue;
    const id = String(e.data.messageId);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
};

/** The latencies of the answers, fastest first. */
export const latenciesOf = (answers: readonly TimedAnswer[]): number[] => answers.map((a) => a.ms).sort((a, b) => a - b);

/** How many answered each status: `50 × 200`, `10 × 200, 40 × 409`. */
export const countByStatus = (answers: readonly { readonly status: number }[]): string => {
  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  return [...byStatus].map(([status, n]) => `${n} × ${status}`).join(', ');
};

/** One line for the test's output: how many answered what, and how long it took. */
export const describeAnswers = (what: string, { answers, elapsedMs }: AnswersAtOnce): string => {
  const statuses = countByStatus(answers);
  const ms = latenciesOf(answers);
  return `${what}: ${statuses} in ${elapsedMs.toFixed(0)} ms (p50 ${quantile(ms, 0.5).toFixed(0)} ms, p99 ${quantile(ms, 0.99).toFixed(0)} ms)`;
};
