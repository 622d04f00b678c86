// The report's charts over time, drawn by uPlot (npm uplot, served from this origin) on canvas.
import uPlot from './uPlot.js';
import { CHARTS, HOURS, metric, rowName, written } from './numbers.js';
import { el } from './dom.js';

/** A chart's lines, in order (the previous period's dashed in the same colours); AA contrast on white. */
const COLOURS = ['#1d4ed8', '#b45309'];

/** The y value of a metric on the chart: durations in hours, the others as they are. */
const plotted = (m, value) => (value === null || value === undefined ? null : m.kind === 'duration' ? value / HOURS : value);

const chartWidth = (box) => Math.max(280, Math.floor(box.getBoundingClientRect().width));

/**
 * Draws one chart per CHARTS entry into `box` for a report by period. `onPick(rowIndex, list)`
 * is called when a point is clicked ('created' or 'resolved': the row's ticket list to open);
 * `onDrawn()` once every chart has been drawn.
 */
export const drawCharts = (box, report, clock, onPick, onDrawn) => {
  const labels = report.rows.map((r) => rowName(report.groupBy, r));
  const xs = report.rows.map((_, i) => i);
  let waiting = CHARTS.length;
  // Every figure first: each chart is as wide as its place in the grid once all are there.
  const figures = CHARTS.map((chart) => {
    const target = el('div', { className: 'chart', id: `chart-${chart.id}` });
    target.setAttribute('role', 'img');
    target.setAttribute('aria-label', `${chart.title} by ${report.groupBy}, this period and the previous one: the numbers are in the table "Over time"`);
    const figure = el('figure', { className: 'chart-figure' }, el('figcaption', { textContent: `${chart.title} (${chart.unit})` }), target);
    box.append(figure);
    return { figure, target };
  });
  const plots = CHARTS.map((chart, c) => {
    const { figure, target } = figures[c];
    const metrics = chart.metrics.map(metric);
    const current = metrics.map((m) => report.rows.map((r) => plotted(m, m.read(clock)(r.metrics))));
    const previous = metrics.map((m) => report.rows.map((r) => (r.previous ? plotted(m, m.read(clock)(r.previous.metrics)) : null)));
    const value = (m) => (u, v) => (v === null || v === undefined ? '—' : written(m.kind, m.kind === 'duration' ? v * HOURS : +v.toFixed(2)));
    const series = [
      { label: report.groupBy, value: (u, i) => (i === null || i === undefined ? '' : labels[i] ?? '') },
      ...metrics.map((m, i) => ({ label: chart.legend[i], stroke: COLOURS[i], width: 2, points: { size: 7 }, spanGaps: true, value: value(m) })),
      ...metrics.map((m, i) => ({ label: `${chart.legend[i]}, previous`, stroke: COLOURS[i], width: 1.5, dash: [6, 4], points: { size: 5 }, spanGaps: true, value: value(m) })),
    ];
    const opts = {
      width: chartWidth(target), height: 220,
      scales: { x: { time: false, range: (u, min, max) => [min - 0.3, max + 0.3] }, y: { range: (u, min, max) => [0, chart.max ?? Math.max(1, max * 1.1)] } },
      axes: [
        { stroke: '#333', grid: { stroke: '#e5e5e5' }, space: 90, incrs: [1, 2, 5, 7, 10, 15, 30, 60], values: (u, splits) => splits.map((i) => (Number.isInteger(i) ? labels[i] ?? '' : '')) },
        { stroke: '#333', grid: { stroke: '#e5e5e5' }, size: 50 },
      ],
      cursor: { drag: { x: false, y: false }, points: { size: 9 } },
      series,
      hooks: {
        draw: [() => {
          if (waiting > 0 && !target.dataset.drawn) {
            target.dataset.drawn = 'true';
            waiting -= 1;
            if (waiting === 0) onDrawn();
          }
        }],
      },
    };
    const plot = new uPlot(opts, [xs, ...current, ...previous], target);
    plot.over.addEventListener('click', () => {
      const i = plot.cursor.idx;
      if (i === null || i === undefined) return;
      if (chart.list !== undefined) return onPick(i, chart.list);
      // Volume: the series nearest the click (created or resolved).
      const y = plot.posToVal(plot.cursor.top, 'y');
      const nearest = metrics.map((m, s) => ({ m, d: Math.abs((current[s][i] ?? Infinity) - y) })).sort((a, b) => a.d - b.d)[0];
      onPick(i, nearest.m.list);
    });
    return { plot, target };
  });
  const resize = () => plots.forEach(({ plot, target }) => plot.setSize({ width: chartWidth(target), height: 220 }));
  window.addEventListener('resize', resize);
  return () => {
    window.removeEventListener('resize', resize);
    plots.forEach(({ plot }) => plot.destroy());
    box.replaceChildren();
  };
};
