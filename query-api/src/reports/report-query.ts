import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import {
  buildReport, Clock, dayIn, decodeReportRequest, Principal, ReadModels, ReadOptions, REPORT_DAYS_COLLECTION, ReportDayDocument, reportClockOf,
} from '@support/domain';
import { reportCsv } from './report-csv';

export interface ReportQueryDeps {
  readonly readModels: ReadModels;
  readonly clock: Clock;
}

/**
 * GET /apis/reports (docs/api/reports.md): the account's rows up to the period's last day (the
 * earlier ones count for the backlog), as JSON or CSV. Only the caller's account's rows are read,
 * so another account's agents and teams never appear.
 */
export const reportQuery = async (
  deps: ReportQueryDeps, principal: Principal, query: Readonly<Record<string, unknown>>, options: ReadOptions = {},
): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const account = principal.account;
  const zone = reportClockOf(account).zone;
  const request = decodeReportRequest(query, dayIn(zone, deps.clock.now().toISOString()));
  if (E.isLeft(request)) return E.left(problem(400, request.left.message, { field: request.left.field }));
  const docs = await deps.readModels.find<ReportDayDocument>(REPORT_DAYS_COLLECTION, { where: { accountId: account.id, day: { lte: request.right.to } } }, options);
  const teamless = (account.tasks ?? []).filter((t) => t.teamId === undefined).map((t) => t.id);
  const report = buildReport(request.right, zone, docs, teamless);
  if (request.right.format === 'csv') {
    const fileName = `report-${report.groupBy}-${report.from}-${report.to}.csv`;
    return E.right({ status: 200, body: reportCsv(report), headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"` } });
  }
  return ok({ success: true, ...report });
};
