declare module 'parse-prometheus-text-format' {
  /** Families of the Prometheus text format, as plain objects (values as strings). */
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
