// The report's numbers as the page shows them: which metric, read how, written how. Pure: no DOM.
const HOUR = 3_600_000;

/** Milliseconds in words a lead reads at a glance: 45 s, 30 min, 16.5 h, 3.2 d. */
export const duration = (ms) => {
  if (ms === null || ms === undefined) return '—';
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < HOUR) return `${Math.round(ms / 60_000)} min`;
  if (ms < 48 * HOUR) return `${+(ms / HOUR).toFixed(1)} h`;
  return `${+(ms / (24 * HOUR)).toFixed(1)} d`;
};

/** SLA targets met out of those met or breached, every policy together, in % (one decimal); null without an outcome. */
export const slaMetPercent = (metrics) => {
  const met = metrics.sla.reduce((n, s) => n + s.met, 0);
  const breached = metrics.sla.reduce((n, s) => n + s.breached, 0);
  return met + breached === 0 ? null : Math.round((1000 * met) / (met + breached)) / 10;
};

const p = (name, q) => (clock) => (m) => m[name][clock === 'business' ? `businessP${q}Ms` : `p${q}Ms`];
const plain = (read) => () => read;

/**
 * The columns of every table and the series of the charts. `read(clock)(metrics)` answers the
 * number as the API gives it (or null); `list` is the row's ticket list a click on it opens.
 */
export const METRICS = [
  { id: 'created', name: 'Created', kind: 'count', read: plain((m) => m.created), list: 'created' },
  { id: 'resolved', name: 'Resolved', kind: 'count', read: plain((m) => m.resolved), list: 'resolved' },
  { id: 'reopened', name: 'Reopened', kind: 'count', read: plain((m) => m.reopened) },
  { id: 'backlog', name: 'Backlog at the end', kind: 'count', read: plain((m) => m.backlog) },
  { id: 'firstResponseP50', name: 'First response, median', kind: 'duration', read: p('firstResponse', 50) },
  { id: 'firstResponseP90', name: 'First response, 90th percentile', kind: 'duration', read: p('firstResponse', 90) },
  { id: 'resolutionP50', name: 'Resolution, median', kind: 'duration', read: p('resolution', 50) },
  { id: 'resolutionP90', name: 'Resolution, 90th percentile', kind: 'duration', read: p('resolution', 90) },
  { id: 'slaMet', name: 'SLA targets met', kind: 'percent', read: plain(slaMetPercent) },
  { id: 'csat', name: 'CSAT average', kind: 'rating', read: plain((m) => m.csat.average) },
  { id: 'csatCount', name: 'CSAT ratings', kind: 'count', read: plain((m) => m.csat.count) },
];
export const metric = (id) => METRICS.find((m) => m.id === id);

/** A metric's value in words. */
export const written = (kind, value) => {
  if (value === null || value === undefined) return '—';
  if (kind === 'duration') return duration(value);
  if (kind === 'percent') return `${value} %`;
  if (kind === 'rating') return `${value} / 5`;
  return String(value);
};

/** A row's name: its period (a day, a week from its first day, a month) or its dimension's value. */
export const rowName = (groupBy, row) => {
  if (groupBy === 'day') return row.key;
  if (groupBy === 'week') return `week of ${row.from}`;
  if (groupBy === 'month') return row.from.slice(0, 7);
  if (row.key !== null) return row.key;
  return { agent: 'unassigned', team: 'no team', channel: 'no channel', task: 'no task' }[groupBy] ?? 'none';
};

/**
 * The charts over time, each a few metrics of METRICS (in hours for durations), the previous period
 * beside each; `legend`: the series' names; `list`: the row's tickets a point opens (the volume chart:
 * the series clicked); `max`: a fixed top.
 */
export const CHARTS = [
  { id: 'volume', title: 'Tickets created and resolved', metrics: ['created', 'resolved'], legend: ['Created', 'Resolved'], unit: 'tickets' },
  { id: 'first-response', title: 'First response time', metrics: ['firstResponseP50', 'firstResponseP90'], legend: ['Median', '90th'], unit: 'hours', list: 'created' },
  { id: 'resolution', title: 'Resolution time', metrics: ['resolutionP50', 'resolutionP90'], legend: ['Median', '90th'], unit: 'hours', list: 'resolved' },
  { id: 'sla', title: 'SLA targets met', metrics: ['slaMet'], legend: ['Met'], unit: '%', list: 'created', max: 100 },
  { id: 'csat', title: 'CSAT average', metrics: ['csat'], legend: ['Average'], unit: '1 to 5', list: 'resolved', max: 5 },
];
export const HOURS = HOUR;
