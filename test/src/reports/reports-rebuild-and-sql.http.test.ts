import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../docs/doc-examples';
import { ist, startReportDesk, workTwoDays } from './report-desk';

const READ_MODELS = 'read-models.sqlite';
const WITHOUT_WORKERS = ['command-api', 'query-api', 'projectors'] as const;
const QUERIES = ['?from=2027-03-01&to=2027-03-02&groupBy=day', '?from=2027-03-01&to=2027-03-02&groupBy=agent', '?from=2027-02-01&to=2027-03-31&groupBy=month'];

/** The analysts' query of docs/read-models.md (the sqlite3 command of the report_days section), its SQL as written there. */
const documentedQuery = (): string => {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs', 'read-models.md'), 'utf8');
  const found = /sqlite3 -readonly data\/read-models\.sqlite \\\n\s*"([^"]*FROM report_days[^"]*)"/.exec(doc);
  if (found === null) throw new Error('docs/read-models.md has no sqlite3 query of report_days');
  return found[1].replace(/\s*\n\s*/g, ' ');
};

const sqlite3Json = (file: string, sql: string): Record<string, unknown>[] => {
  const out = execFileSync('sqlite3', ['-readonly', '-json', file, sql], { encoding: 'utf8' });
  return out.trim() === '' ? [] : JSON.parse(out);
};

describe('Reports: the same numbers after a rebuild from the log, and in the analysts\' SQL (HTTP)', function () {
  this.timeout(120_000);
  let dataDir: string;
  const kept: Record<string, unknown> = {};
  const rebuilt: Record<string, unknown> = {};

  before(async () => {
    // given: two days of the desk, with the SLA outcomes the watcher records for them
    const desk = await startReportDesk();
    dataDir = desk.svc.dataDir;
    await workTwoDays(desk);
    await desk.reportWhen('?from=2027-03-01&to=2027-03-02', (b) => b.totals.resolved === 2 && b.totals.csat.count === 2 && b.totals.sla.some((s: any) => s.breached > 0));
    await desk.svc.stop({ remove: false });
    // the reports as the projection kept them (no workers: nothing more is recorded)
    const keptDesk = await startReportDesk({ dataDir, nowMs: ist(1, '15:00'), components: WITHOUT_WORKERS });
    for (const q of QUERIES) kept[q] = (await keptDesk.report(q)).body;
    await keptDesk.svc.stop({ remove: false });
    // when: the read models are deleted and the service starts again: every read model is rebuilt from the log
    for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(dataDir, READ_MODELS + suffix), { force: true });
    const again = await startReportDesk({ dataDir, nowMs: ist(1, '15:00'), components: WITHOUT_WORKERS });
    for (const q of QUERIES) rebuilt[q] = await again.reportWhen(q, (b) => b.totals.created > 0);
    await again.svc.stop({ remove: false });
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('given the log, when every read model is rebuilt from it, then each report is the same as before', () => {
    for (const q of QUERIES) expect(rebuilt[q], q).to.deep.equal(kept[q]);
    expect((kept[QUERIES[0]] as any).totals.created).to.equal(4);
  });

  it('given the read-model file, when the documented SQL runs in the sqlite3 shell, then its days have the API\'s numbers', () => {
    const rows = sqlite3Json(path.join(dataDir, READ_MODELS), documentedQuery());
    const api = (kept[QUERIES[0]] as any).rows.map((r: any) => ({
      day: r.key, created: r.metrics.created, resolved: r.metrics.resolved, reopened: r.metrics.reopened, csat_average: r.metrics.csat.average,
    }));
    expect(rows).to.deep.equal(api);
  });
});
