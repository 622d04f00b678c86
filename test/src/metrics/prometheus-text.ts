import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export interface Sample {
  readonly labels: Readonly<Record<string, string>>;
  readonly value?: string;
  readonly count?: string;
  readonly sum?: string;
  readonly buckets?: Readonly<Record<string, string>>;
}

export interface Family {
  readonly name: string;
  readonly help: string;
  readonly type: string;
  readonly metrics: readonly Sample[];
  /** Every sample line of the family (histograms: _bucket, _sum, _count), labels included. */
  readonly lines: readonly SampleLine[];
}

interface SampleLine {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
const VALUE = '(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]?[Ii][Nn][Ff]|[Nn][Aa][Nn])'; // Prometheus reads these case-insensitively (prom-client writes Nan)
const SAMPLE_LINE = new RegExp(`^${NAME}(?:\\{(?:${LABEL}(?:,${LABEL})*,?)?\\})? ${VALUE}(?: -?\\d+)?$`);
const HELP_LINE = new RegExp(`^# HELP ${NAME} .*$`);
const TYPE_LINE = new RegExp(`^# TYPE ${NAME} (counter|gauge|histogram|summary|untyped)$`);

/**
 * Parses the Prometheus text exposition format (0.0.4) with parse-prometheus-text-format, after
 * checking every line against the format's grammar (the parser itself forgives malformed lines).
 */
export const parsePrometheus = (text: string): Family[] => {
  const bad = text.split('\n').filter((line) => line !== '' && !SAMPLE_LINE.test(line) && !HELP_LINE.test(line) && !TYPE_LINE.test(line));
  if (bad.length > 0) throw new Error(`not the Prometheus text format:\n${bad.slice(0, 5).join('\n')}`);
  const lines = sampleLines(text);
  // The library keeps labelled histograms' buckets only; the sample lines keep their _count and _sum.
  const families = (parsePrometheusTextFormat(text) as Omit<Family, 'lines'>[]).map((f) => ({
    ...f, lines: lines.filter((l) => l.name === f.name || (f.type === 'HISTOGRAM' && [`${f.name}_bucket`, `${f.name}_sum`, `${f.name}_count`].includes(l.name))),
  }));
  const names = families.map((f) => f.name);
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (repeated.length > 0) throw new Error(`families repeated: ${repeated.join(', ')}`);
  return families;
};

const SAMPLE_PARTS = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/;
const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

const sampleLines = (text: string): SampleLine[] =>
  text.split('\n').filter((l) => l !== '' && !l.startsWith('#')).map((line) => {
    const [, name, labelText, value] = SAMPLE_PARTS.exec(line) as RegExpExecArray;
    const labels: Record<string, string> = {};
    for (const m of (labelText ?? '').matchAll(LABEL_PAIR)) labels[m[1]] = m[2].replace(/\\n/g, '\n').replace(/\\(.)/g, '$1');
    return { name, labels, value: Number(value) };
  });

const matches = (sample: { readonly labels?: Readonly<Record<string, string>> }, labels: Readonly<Record<string, string>>) => Object.entries(labels).every(([k, v]) => sample.labels?.[k] === v);

/** The family of that name (throws when absent). */
export const family = (families: readonly Family[], name: string): Family => {
  const found = families.find((f) => f.name === name);
  if (found === undefined) throw new Error(`no family ${name} (families: ${families.map((f) => f.name).join(', ')})`);
  return found;
};

/** Sum of the values (counters, gauges) or observation counts (histograms) of the samples with these labels. */
export const total = (families: readonly Family[], name: string, labels: Readonly<Record<string, string>> = {}): number => {
  const f = family(families, name);
  const wanted = f.type === 'HISTOGRAM' ? `${name}_count` : name;
  return f.lines.filter((l) => l.name === wanted && matches(l, labels)).reduce((sum, l) => sum + l.value, 0);
};
