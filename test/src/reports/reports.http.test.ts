import { expect } from 'chai';
import { TOKENS } from '../support/example-config';
import { ReportDesk, startReportDesk, workTwoDays } from './report-desk';

const MINUTE = 60_000;
const PERIOD = '?from=2027-03-01&to=2027-03-02';
const settled = (body: any) => body.totals.resolved === 2 && body.totals.csat.count === 2 && body.totals.reopened === 1;

/** Within 1 % (and half a millisecond: answers are whole milliseconds) of the exact value. */
const near = (actual: number | null, exact: number) => {
  expect(actual).to.be.a('number');
  expect(Math.abs((actual as number) - exact)).to.be.at.most(exact * 0.01 + 0.5);
};

describe('Reports: GET /apis/reports over two days of a desk (HTTP)', function () {
  this.timeout(60_000);
  let desk: ReportDesk;

  before(async () => {
    desk = await startReportDesk();
    await workTwoDays(desk);
  });
  after(async () => desk?.svc.stop());

  it('given two days worked, when the report is asked by day, then each day counts its creates, resolutions, reopens, backlog and CSAT', async () => {
    const body = await desk.reportWhen(`${PERIOD}&groupBy=day`, settled);
    expect(body).to.include({ from: '2027-03-01', to: '2027-03-02', groupBy: 'day', timezone: 'Asia/Kolkata' });
    expect(body.previous).to.deep.equal({ from: '2027-02-27', to: '2027-02-28' });
    const [monday, tuesday] = body.rows;
    expect(monday).to.include({ key: '2027-03-01', from: '2027-03-01', to: '2027-03-01' });
    expect(monday.metrics).to.include({ created: 3, resolved: 1, reopened: 0, backlog: 2 });
    expect(tuesday.metrics).to.include({ created: 1, resolved: 1, reopened: 1, backlog: 1 });
    expect(monday.metrics.csat).to.deep.equal({ count: 1, average: 5, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 } });
    expect(tuesday.metrics.csat.average).to.equal(3);
    expect(monday.previous).to.include({ from: '2027-02-27', to: '2027-02-27' });
    expect(monday.previous.metrics).to.include({ created: 0, resolved: 0, backlog: 0 });
  });

  it('given a reply the next morning, then its first response counts 16.5 hours of calendar time and 1.5 hours of business time; the reopen opens its own wait and leaves the first response as it was', async () => {
    const body = await desk.reportWhen(`${PERIOD}&groupBy=agent`, settled);
    const row = (key: string | null) => body.rows.find((r: any) => r.key === key);
    const a = row('u-agent').metrics;
    const b = row('u-agent2').metrics;
    near(a.firstResponse.p50Ms, 30 * MINUTE);
    near(a.firstResponse.businessP50Ms, 30 * MINUTE);
    expect(b.firstResponse.count).to.equal(1);
    near(b.firstResponse.p50Ms, 16.5 * 60 * MINUTE);
    near(b.firstResponse.businessP50Ms, 90 * MINUTE);
    // B's waits: from its creation to the first reply, then from the reopen (11:00) to the reply at 11:20
    expect(b.replyWait.count).to.equal(2);
    near(b.replyWait.p50Ms, 20 * MINUTE);
    near(b.replyWait.p90Ms, 16.5 * 60 * MINUTE);
    // resolved first at 10:00 Tuesday, last at 12:00 (17 and 19 hours after creation)
    near(b.firstResolution.p50Ms, 17 * 60 * MINUTE);
    near(b.resolution.p50Ms, 19 * 60 * MINUTE);
    expect(row(null).metrics).to.include({ created: 2, resolved: 0 });
  });

  it('given every row of reports by day, agent, channel and task, when its tickets are listed with the row\'s filters, then the list\'s total is the row\'s count', async () => {
    for (const groupBy of ['day', 'week', 'agent', 'channel', 'task', 'team']) {
      const body = await desk.reportWhen(`${PERIOD}&groupBy=${groupBy}`, settled);
      expect(body.rows.length, groupBy).to.be.greaterThan(0);
      for (const row of body.rows) {
        for (const count of ['created', 'resolved'] as const) {
          const listed = await desk.svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: row.tickets[count] });
          expect(listed.status, listed.text).to.equal(200);
          expect(listed.body.total, `${groupBy} ${row.key} ${count}: ${JSON.stringify(row.tickets[count])}`).to.equal(row.metrics[count]);
        }
      }
    }
  });

  it('given the SLA outcomes recorded on the tickets, then the report counts each policy\'s met and breached as the tickets hold them', async () => {
    // given: A answered in 30 minutes (met), C never answered (breached): the watcher records them within seconds
    const outcomes = async () => {
      const recorded = { met: 0, breached: 0 };
      for (const id of Object.values(desk.ids)) {
        const sla = await desk.svc.api('GET', `/apis/tickets/${id}/sla`, { token: TOKENS.acmeAdmin });
        for (const e of sla.body.events) {
          if (e.type === 'SlaMet') recorded.met++;
          if (e.type === 'SlaBreached') recorded.breached++;
        }
      }
      return recorded;
    };
    let recorded = await outcomes();
    for (let tries = 0; (recorded.met === 0 || recorded.breached === 0) && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      recorded = await outcomes();
    }
    expect(recorded.met).to.be.greaterThan(0);
    expect(recorded.breached).to.be.greaterThan(0);
    // The watcher may record more outcomes meanwhile: the tickets and the report are read again until they agree.
    const countedIn = (b: any) => b.totals.sla.reduce((n: any, x: any) => ({ met: n.met + x.met, breached: n.breached + x.breached }), { met: 0, breached: 0 });
    let body = await desk.reportWhen(PERIOD, settled);
    let counted = countedIn(body);
    for (let tries = 0; (counted.met !== recorded.met || counted.breached !== recorded.breached) && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      recorded = await outcomes();
      body = await desk.reportWhen(PERIOD, settled);
      counted = countedIn(body);
    }
    expect(counted).to.deep.equal(recorded);
    expect(body.totals.sla.map((s: any) => s.label)).to.include('First Response');
  });

  it('given format=csv, then the rows come as CSV with the previous period beside each', async () => {
    const r = await desk.report(`${PERIOD}&groupBy=day&format=csv`);
    expect(r.status, r.text).to.equal(200);
    expect(r.headers.get('content-type')).to.match(/^text\/csv/);
    const lines = r.text.trimEnd().split('\r\n');
    expect(lines[0]).to.match(/^key,from,to,created,resolved,reopened,backlog,/);
    expect(lines[0]).to.contain(',previous from,previous to,previous created,');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5).join(','))).to.deep.equal(['2027-03-01,2027-03-01,2027-03-01,3,1', '2027-03-02,2027-03-02,2027-03-02,1,1']);
  });

  it('given another account\'s token, then none of acme\'s agents or numbers appear, even when asked for acme\'s agent', async () => {
    for (const query of [`${PERIOD}&groupBy=agent`, `${PERIOD}&groupBy=agent&agentId=u-agent`, `${PERIOD}&groupBy=team`]) {
      const r = await desk.report(query, TOKENS.globexAdmin);
      expect(r.status, r.text).to.equal(200);
      expect(r.body.rows).to.deep.equal([]);
      expect(r.body.totals.created).to.equal(0);
    }
  });

  it('given bad input, then 400 with the error body, naming the parameter and saying what to fix', async () => {
    const cases: [string, string, RegExp][] = [
      ['?from=2025-01-01&to=2027-01-01', 'to', /longer than 2 years: end it before 2027-01-01/],
      ['?from=2027-03-02&to=2027-03-01', 'from', /from \(2027-03-02\) is after to \(2027-03-01\): give the earlier day as from/],
      [`${PERIOD}&groupBy=colour`, 'groupBy', /Unknown groupBy "colour": one of day, week, month, agent, team, channel, task/],
      [`${PERIOD}&priority=high`, 'priority', /Unknown parameter "priority": accepted are from, to, groupBy, agentId, teamId, channel, taskId, format/],
      ['?from=2027-3-1&to=2027-03-02', 'from', /from must be a day as YYYY-MM-DD/],
      [`${PERIOD}&agentId=a&agentId=b`, 'agentId', /agentId must be given once/],
    ];
    for (const [query, field, message] of cases) {
      const r = await desk.report(query);
      expect(r.status, query).to.equal(400);
      expect(r.body, query).to.include({ error: 'Bad Request', field });
      expect(r.body.message, query).to.match(message);
    }
  });
});
