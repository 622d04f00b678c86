import {
  answer, arrayOf, errorAnswer, int, json, mapOf, nullable, operation, Paths, queryParam, rateLimitedSuccessHeaders, record, Schema, str,
} from '@support/http-edge';

const TAGS = ['Reports'];
const day = (description: string) => str(description, { format: 'date' });
const num = (description?: string): Schema => ({ type: 'number', ...(description ? { description } : {}) });

const duration = record({
  count: int(), p50Ms: nullable(int()), p90Ms: nullable(int()), businessP50Ms: nullable(int()), businessP90Ms: nullable(int()),
}, { description: 'How many, and the median and 90th percentile in milliseconds (calendar, and on the account\'s business clock), within 1 %.' });

const metrics = record({
  created: int(), resolved: int(), reopened: int(), backlog: int('Tickets neither resolved nor closed at the end of the last day.'),
  firstResponse: duration, replyWait: duration, firstResolution: duration, resolution: duration,
  agentsPerResolvedTicket: nullable(num()),
  sla: arrayOf(record({ label: str(), metric: str(), targetMinutes: int(), met: int(), breached: int(), metPercent: nullable(num()) })),
  csat: record({ count: int(), average: nullable(num()), distribution: mapOf(int(), 'Ratings 1 to 5 and how many gave each.') }),
});

const span = { from: day('First day.'), to: day('Last day.') };
const listBody = mapOf({}, 'The body of POST /apis/task-runs/tickets/list that lists these tickets (its total is the count).');

const report = record({
  success: { const: true }, ...span, previous: record(span), groupBy: str(), filters: mapOf(str()), timezone: str('The account\'s time zone: its days.'),
  totals: metrics,
  rows: arrayOf(record({
    key: nullable(str('The first day (by period) or the dimension\'s value; null: none (unassigned, no team, no task).')), ...span, metrics,
    previous: nullable(record({ ...span, metrics })),
    tickets: record({ created: listBody, resolved: listBody }),
  })),
});

/** The reports route (docs/api/reports.md). */
export const reportPaths: Paths = {
  '/apis/reports': {
    get: operation({
      operationId: 'getReport', summary: 'Volume, response and resolution times, SLA and CSAT by day, week, month, agent, team, channel or task, with the previous period (docs/api/reports.md)', tags: TAGS,
      parameters: [
        queryParam('from', 'First day of the period (YYYY-MM-DD, the account\'s days); default: 29 days before to.', day('First day.')),
        queryParam('to', 'Last day, before from + 2 years; default: today (the account\'s day).', day('Last day.')),
        queryParam('groupBy', 'Rows by `day` (default), `week`, `month`, `agent`, `team`, `channel` or `task`.', { enum: ['day', 'week', 'month', 'agent', 'team', 'channel', 'task'] }),
        queryParam('agentId', 'Only tickets assigned to this agent now.'), queryParam('teamId', 'Only tickets of this team now.'),
        queryParam('channel', 'Only tickets of this source.'), queryParam('taskId', 'Only tickets on this task now.'),
        queryParam('format', '`json` (default) or `csv`.', { enum: ['json', 'csv'] }),
      ],
    }, { auth: 'token', rateLimited: true }, {
      '200': { ...answer('The report.', report, rateLimitedSuccessHeaders), content: { ...json(report), 'text/csv': { schema: str('With format=csv: a header, then a record per row (spreadsheet-safe cells).') } } },
      '400': errorAnswer('An unknown parameter, grouping or format, a malformed day, from after to, or a period over 2 years (`field` names it).'),
    }),
  },
};
