// The report's rows as tables: every metric of METRICS per row, the previous period's under it;
// the counts of created and resolved tickets are buttons that list those tickets.
import { METRICS, rowName, written } from './numbers.js';
import { el } from './dom.js';

const cell = (m, clock, metrics, previous, onList) => {
  const value = m.read(clock)(metrics);
  const td = el('td', { className: `metric ${m.kind}` });
  td.dataset.metric = m.id;
  td.dataset.value = value === null ? '' : String(value);
  const shown = written(m.kind, value);
  td.append(onList !== undefined && value > 0
    ? el('button', { type: 'button', className: 'count' }, shown, el('span', { className: 'sr-only', textContent: ` ${m.name.toLowerCase()}: list them` }))
    : el('span', { className: 'now', textContent: shown }));
  if (onList !== undefined && value > 0) td.querySelector('button').addEventListener('click', onList);
  if (previous !== undefined) {
    const before = previous === null ? null : m.read(clock)(previous);
    td.dataset.previous = before === null ? '' : String(before);
    td.append(el('span', { className: 'was', textContent: `was ${written(m.kind, before)}` }));
  }
  return td;
};

const headOf = (keyName) => el('thead', {}, el('tr', {}, el('th', { scope: 'col', textContent: keyName }), ...METRICS.map((m) => el('th', { scope: 'col', textContent: m.name }))));

/**
 * A table of the report's rows, keyed by `keyName`.
 * `onList(row, list, name)` opens a row's tickets ('created' or 'resolved').
 */
export const reportTable = (report, clock, keyName, caption, onList) => {
  const table = el('table', { className: 'report' }, el('caption', { className: 'sr-only', textContent: caption }));
  table.append(headOf(keyName));
  const body = el('tbody');
  for (const row of report.rows) {
    const name = rowName(report.groupBy, row);
    const tr = el('tr', {}, el('th', { scope: 'row', textContent: name }));
    tr.dataset.key = row.key ?? '';
    for (const m of METRICS) {
      const list = m.list === undefined ? undefined : () => onList(row, m.list, name);
      tr.append(cell(m, clock, row.metrics, row.previous?.metrics ?? null, list));
    }
    body.append(tr);
  }
  if (report.rows.length === 0) body.append(el('tr', {}, el('td', { colSpan: METRICS.length + 1, textContent: 'No tickets in this period or the previous one.' })));
  table.append(body);
  return table;
};

/** The period's totals against the previous period's, one row. */
export const totalsTable = (report, previousTotals, clock) => {
  const table = el('table', { className: 'report totals' }, el('caption', { textContent: `The whole period, against ${report.previous.from} to ${report.previous.to}` }));
  table.append(headOf('Period'));
  const tr = el('tr', {}, el('th', { scope: 'row', textContent: `${report.from} to ${report.to}` }));
  for (const m of METRICS) tr.append(cell(m, clock, report.totals, previousTotals));
  table.append(el('tbody', {}, tr));
  return table;
};
