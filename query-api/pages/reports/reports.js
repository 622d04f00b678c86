// The reports page: sign in, choose a period, see the charts and tables of GET /apis/reports, list a row's tickets.
import * as api from './api.js';
import { drawCharts } from './charts.js';
import { rowName } from './numbers.js';
import { reportTable, totalsTable } from './tables.js';
import { $, el } from './dom.js';

const TOKEN_KEY = 'reports.token';
const PAGE_SIZE = 25;

/** The token lives in this tab's session storage only: gone when the tab closes, never in a URL. */
const token = () => sessionStorage.getItem(TOKEN_KEY);
const say = (text) => { $('status').textContent = text; };

let undraw = null;
let listing = null; // { body, page, title, count }
let asked = 0;

const showSignedIn = () => {
  const signedIn = token() !== null;
  $('signin').hidden = signedIn;
  $('signed-in').hidden = !signedIn;
  $('period-section').hidden = !signedIn;
  if (!signedIn) {
    for (const id of ['report-section', 'tables-section', 'tickets-section']) $(id).hidden = true;
    undraw?.();
    undraw = null;
  }
};

/** The period chosen (also in the page's address: a link to the same report, never the token). */
const chosen = () => ({ from: $('from').value, to: $('to').value, over: $('over').value, clock: $('clock').value });
const remember = ({ from, to, over, clock }) => {
  const query = new URLSearchParams({ from, to, over, clock });
  history.replaceState(null, '', `${location.pathname}?${query}`);
};
const fromAddress = () => {
  const query = new URLSearchParams(location.search);
  if (/^\d{4}-\d{2}-\d{2}$/.test(query.get('from') ?? '')) $('from').value = query.get('from');
  if (/^\d{4}-\d{2}-\d{2}$/.test(query.get('to') ?? '')) $('to').value = query.get('to');
  if (['day', 'week', 'month'].includes(query.get('over'))) $('over').value = query.get('over');
  if (['calendar', 'business'].includes(query.get('clock'))) $('clock').value = query.get('clock');
};

const ticketRow = (t) => el('tr', {},
  el('td', { textContent: `#${t.ticketNumber}` }),
  el('td', { textContent: t.status }),
  el('td', { textContent: t.summary ?? '' }),
  el('td', { textContent: t.assignedToId ?? 'unassigned' }),
  el('td', {}, el('time', { dateTime: t.createdAt, textContent: new Date(t.createdAt).toLocaleString() })),
  el('td', {}, t.resolvedAt ? el('time', { dateTime: t.resolvedAt, textContent: new Date(t.resolvedAt).toLocaleString() }) : ''));

/** One page of the tickets of a row (its list body, as the report gave it). */
const showTickets = async () => {
  const current = listing;
  $('tickets-section').hidden = false;
  $('tickets-heading').textContent = current.title;
  $('tickets-summary').textContent = 'Listing…';
  delete $('tickets-summary').dataset.total;
  const answer = await api.listTickets(token(), current.body, current.page, PAGE_SIZE);
  if (listing !== current) return;
  if (!answer.ok) {
    $('tickets-summary').textContent = `The list answered ${answer.status}: ${answer.message}`;
    return;
  }
  const { data, total, page, totalPages } = answer.body;
  const summary = $('tickets-summary');
  summary.dataset.total = String(total);
  summary.textContent = `${total} tickets (the report counts ${current.count})${totalPages > 1 ? `, page ${page} of ${totalPages}` : ''}.`;
  const table = el('table', { className: 'tickets' },
    el('caption', { className: 'sr-only', textContent: current.title }),
    el('thead', {}, el('tr', {}, ...['Ticket', 'Status', 'Summary', 'Agent', 'Created', 'Resolved'].map((h) => el('th', { scope: 'col', textContent: h })))),
    el('tbody', {}, ...data.map(ticketRow)));
  $('tickets-scroll').replaceChildren(table);
  $('tickets-previous').disabled = page <= 1;
  $('tickets-next').disabled = page >= totalPages;
};

const openList = (row, list, name) => {
  const count = row.metrics[list];
  listing = { body: row.tickets[list], page: 1, count, title: `Tickets ${list} (${name}): ${count}` };
  void showTickets().then(() => $('tickets-heading').focus());
};

const problem = (answer) => `The report answered ${answer.status}: ${answer.message}${answer.field ? ` (${answer.field})` : ''}`;

const show = async () => {
  const mine = ++asked;
  const period = chosen();
  say('Reading the report…');
  const dates = period.from && period.to ? { from: period.from, to: period.to } : {};
  const overTime = await api.report(token(), { ...dates, groupBy: period.over });
  if (mine !== asked) return;
  if (!overTime.ok) return say(problem(overTime));
  const report = overTime.body;
  const same = { from: report.from, to: report.to };
  const [agents, teams, before] = await Promise.all([
    api.report(token(), { ...same, groupBy: 'agent' }),
    api.report(token(), { ...same, groupBy: 'team' }),
    api.report(token(), { ...report.previous, groupBy: 'month' }),
  ]);
  if (mine !== asked) return;
  const failed = [agents, teams, before].find((a) => !a.ok);
  if (failed) return say(problem(failed));
  $('from').value = report.from;
  $('to').value = report.to;
  remember({ ...period, ...same });
  $('report-title').textContent = `Report: ${report.from} to ${report.to}`;
  $('report-period').textContent = `The account's days (${report.timezone}), against the previous period, ${report.previous.from} to ${report.previous.to}; times in ${period.clock} time.`;
  $('totals').replaceChildren(totalsTable(report, before.body.totals, period.clock));
  $('report-section').hidden = false;
  $('tables-section').hidden = false;
  $('tickets-section').hidden = true;
  listing = null;
  undraw?.();
  $('charts').dataset.drawn = 'false';
  undraw = drawCharts($('charts'), report, period.clock, (i, list) => openList(report.rows[i], list, rowName(report.groupBy, report.rows[i])), () => {
    $('charts').dataset.drawn = 'true';
    performance.mark('reports:charts-drawn');
  });
  $('over-time').replaceChildren(reportTable(report, period.clock, { day: 'Day', week: 'Week', month: 'Month' }[report.groupBy], `Over time, by ${report.groupBy}`, openList));
  $('agents').replaceChildren(reportTable(agents.body, period.clock, 'Agent', 'Per agent', openList));
  $('teams').replaceChildren(reportTable(teams.body, period.clock, 'Team', 'Per team', openList));
  say(`Report from ${report.from} to ${report.to} shown.`);
};

$('signin').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const typed = $('token').value.trim();
  if (typed === '') return say('Type an access token.');
  sessionStorage.setItem(TOKEN_KEY, typed);
  $('token').value = '';
  showSignedIn();
  void show();
});
$('signout').addEventListener('click', () => {
  sessionStorage.removeItem(TOKEN_KEY);
  showSignedIn();
  say('Signed out: the token is gone from this tab.');
});
$('period').addEventListener('submit', (ev) => {
  ev.preventDefault();
  void show();
});
$('tickets-previous').addEventListener('click', () => { listing.page -= 1; void showTickets(); });
$('tickets-next').addEventListener('click', () => { listing.page += 1; void showTickets(); });
$('tickets-close').addEventListener('click', () => {
  listing = null;
  $('tickets-section').hidden = true;
});
fromAddress();
showSignedIn();
if (token() !== null) void show();
