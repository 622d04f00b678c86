/**
 * Documents are counted per UTC day, hour and minute of a timestamp (ISO 8601 UTC text): a period
 * is the timestamp's first 10, 13 or 16 characters (`2026-12-07`, `2026-12-07T14`,
 * `2026-12-07T14:05`), so periods sort as their times do and one prefix holds the finer ones.
 */
export const SPANS = [
  { span: 'day', length: 10 },
  { span: 'hour', length: 13 },
  { span: 'minute', length: 16 },
] as const;

export type Span = (typeof SPANS)[number]['span'];

/** A timestamp the periods can hold: `YYYY-MM-DDTHH:MM` and more. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The periods a timestamp counts in, one per span (none for anything but an ISO 8601 timestamp). */
export const periodsOf = (value: unknown): readonly { readonly span: Span; readonly period: string }[] =>
  typeof value === 'string' && TIMESTAMP.test(value) ? SPANS.map(({ span, length }) => ({ span, period: value.slice(0, length) })) : [];

/**
 * Whole periods of one span whose counts are summed: `after < period < before` as text. A bound
 * may be a coarser period (the enclosing day of hours): every finer period of it is longer, so
 * greater than it and less than it followed by END.
 */
export interface WholePeriods {
  readonly span: Span;
  /** Periods greater than this: null, no lower bound. */
  readonly after: string | null;
  /** Periods less than this: null, no upper bound. */
  readonly before: string | null;
}

/** A stretch of time whose documents are counted one by one: `from <= timestamp <= to` (text comparison). */
export interface EdgeStretch {
  readonly from: string | null;
  readonly to: string | null;
}

/** How a date range is counted: the whole periods it covers, and at most two stretches shorter than a minute. */
export interface RangeCover {
  readonly whole: readonly WholePeriods[];
  readonly edges: readonly EdgeStretch[];
}

/** A bound of the range: a timestamp (`exact`) or the start / end of a period of the span above (`aligned`: no finer edge there). */
type Bound = { readonly exact: string } | { readonly aligned: string };

/** Just past every timestamp of a period (the text bound of its end). */
const END = '\uffff';

/**
 * The range `from <= t <= to` (either may be absent) as whole days, then, in its first and last day,
 * whole hours, then whole minutes, and what is left (within its first and last minute) as edges,
 * so a range's cost does not depend on how many documents one day or hour holds. Null when a
 * bound is not a timestamp the periods hold (the caller counts the documents instead).
 */
export const coverRange = (from: string | undefined, to: string | undefined): RangeCover | null => {
  if ((from !== undefined && !TIMESTAMP.test(from)) || (to !== undefined && !TIMESTAMP.test(to))) return null;
  const whole: WholePeriods[] = [];
  const edges: EdgeStretch[] = [];
  if (from !== undefined && to !== undefined && from > to) return { whole, edges };
  const cover = (lower: Bound | null, upper: Bound | null, level: number): void => {
    if (level === SPANS.length) {
      edges.push({
        from: lower === null ? null : 'exact' in lower ? lower.exact : lower.aligned,
        to: upper === null ? null : 'exact' in upper ? upper.exact : `${upper.aligned}${END}`,
      });
      return;
    }
    const { span, length } = SPANS[level];
    const lowPeriod = lower !== null && 'exact' in lower ? lower.exact.slice(0, length) : null;
    const highPeriod = upper !== null && 'exact' in upper ? upper.exact.slice(0, length) : null;
    if (lowPeriod !== null && lowPeriod === highPeriod) return cover(lower, upper, level + 1);
    whole.push({
      span,
      after: lower === null ? null : lowPeriod ?? (lower as { aligned: string }).aligned,
      before: upper === null ? null : highPeriod !== null ? highPeriod : `${(upper as { aligned: string }).aligned}${END}`,
    });
    if (lowPeriod !== null) cover(lower, { aligned: lowPeriod }, level + 1);
    if (highPeriod !== null) cover({ aligned: highPeriod }, upper, level + 1);
  };
  cover(from === undefined ? null : { exact: from }, to === undefined ? null : { exact: to }, 0);
  return { whole, edges };
};
