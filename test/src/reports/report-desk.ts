import { expect } from 'chai';
import type { Component } from '@support/app';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';

/** An instant of acme's clock (Asia/Kolkata, UTC+05:30) on 2027-03-01 (a Monday) + `day` days, at hh:mm local time. */
export const ist = (day: number, hhmm: string): number => Date.parse(`2027-03-0${1 + day}T${hhmm}:00+05:30`);

/** A desk of acme (its opening hours and SLA policies as in the demo) whose clock the test moves. */
export interface ReportDesk {
  readonly svc: TestService;
  readonly ids: Record<string, string>;
  at(ms: number): void;
  create(name: string): Promise<void>;
  assign(name: string, agentId: string): Promise<void>;
  reply(name: string, agentId: string): Promise<void>;
  status(name: string, status: string): Promise<void>;
  csat(name: string, rating: number): Promise<void>;
  report(query: string, token?: string): Promise<{ status: number; body: any; text: string; headers: Headers }>;
  /** Asks for the report until `ready` holds of it (the projection follows the log), within 10 s. */
  reportWhen(query: string, ready: (body: any) => boolean): Promise<any>;
}

/** The desk; on a kept data directory, optionally without the workers (no SLA outcome is recorded then). */
export const startReportDesk = async (options: { dataDir?: string; nowMs?: number; components?: readonly Component[] } = {}): Promise<ReportDesk> => {
  let now = options.nowMs ?? ist(0, '09:00');
  const svc = await startTestService({
    config: withoutRateLimits(exampleConfig()), overrides: { clock: { now: () => new Date(now) } },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}), ...(options.components ? { components: options.components } : {}),
  });
  const ids: Record<string, string> = {};
  const post = async (route: string, body: unknown) => {
    const r = await svc.api('POST', route, { token: TOKENS.acmeAdmin, body });
    expect(r.status, r.text).to.equal(200);
    return r;
  };
  const iso = () => new Date(now).toISOString();
  const desk: ReportDesk = {
    svc, ids,
    at: (ms) => { now = ms; },
    create: async (name) => {
      const r = await post('/apis/tickets/manual', { customer: { phone: `+1415555${String(1000 + Object.keys(ids).length)}` }, query: `${name}: where is my parcel?`, fastResponse: false });
      ids[name] = r.body.ticketId;
    },
    assign: async (name, agentId) => { await post(`/apis/tickets/${ids[name]}/assign`, { agentId }); },
    reply: async (name, agentId) => {
      await post(`/apis/tickets/${ids[name]}/emails`, {
        messageId: `m-${name}-${now}`, threadId: `th-${name}`, emailClient: 'gmail', from: 'support@acme.example', to: ['kim@example.com'], sentAt: iso(), agentId,
      });
    },
    status: async (name, status) => { await post(`/apis/tickets/${ids[name]}/status`, { status }); },
    csat: async (name, rating) => { await post(`/apis/tickets/${ids[name]}/csat`, { event: 'submitted', rating, at: iso() }); },
    report: async (query, token = TOKENS.acmeAdmin) => svc.api('GET', `/apis/reports${query}`, { token }),
    reportWhen: async (query, ready) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const r = await desk.report(query);
        expect(r.status, r.text).to.equal(200);
        if (ready(r.body) || Date.now() > deadline) return r.body;
        await new Promise((res) => setTimeout(res, 100));
      }
    },
  };
  return desk;
};

/**
 * Two days of acme's desk (docs/api/reports.md's example desk): Monday A (answered in 30 minutes,
 * resolved by noon, rated 5), B (created at 17:00, answered Tuesday 09:30, resolved, reopened,
 * answered and resolved again, rated 3), C (never answered); Tuesday D (closed unanswered).
 */
export const workTwoDays = async (d: ReportDesk): Promise<void> => {
  d.at(ist(0, '10:00')); await d.create('A'); await d.assign('A', 'u-agent');
  d.at(ist(0, '10:30')); await d.reply('A', 'u-agent');
  d.at(ist(0, '11:00')); await d.create('C');
  d.at(ist(0, '12:00')); await d.status('A', 'resolved');
  d.at(ist(0, '13:00')); await d.csat('A', 5);
  d.at(ist(0, '17:00')); await d.create('B'); await d.assign('B', 'u-agent2');
  d.at(ist(1, '09:00')); await d.create('D');
  d.at(ist(1, '09:30')); await d.reply('B', 'u-agent2');
  d.at(ist(1, '10:00')); await d.status('B', 'resolved'); await d.status('D', 'closed');
  d.at(ist(1, '11:00')); await d.status('B', 'open');
  d.at(ist(1, '11:20')); await d.reply('B', 'u-agent2');
  d.at(ist(1, '12:00')); await d.status('B', 'resolved');
  d.at(ist(1, '13:00')); await d.csat('B', 3);
  d.at(ist(1, '15:00'));
};
