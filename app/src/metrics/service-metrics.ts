import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * prom-client's default metrics repeat three gauges under a counter's `_total` suffix, which
 * Prometheus's own linter (promtool check metrics) refuses; the same counts stay served as
 * nodejs_active_handles (by type), nodejs_active_requests and nodejs_active_resources.
 */
const MISNAMED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** Latency buckets in seconds, from a cached read to a slow fsync or store call. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metric families of one running service, on a registry of its own (several services in one
 * process, as in the tests, never share a counter). Labels hold route templates, kinds, names and
 * outcomes only: never an id, a token, a phone number or an email.
 */
export class ServiceMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'support_http_requests_total', help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const, registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'support_http_request_duration_seconds', help: 'Time from the request to the answer, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const, buckets: LATENCY_BUCKETS, registers: [this.registry],
  });

  readonly rateLimitRefusals = new Counter({
    name: 'support_rate_limit_refusals_total', help: 'Requests refused by a docs/api/README.md (Rate limits) rate limit (429), by route template.',
    labelNames: ['route'] as const, registers: [this.registry],
  });

  readonly appendDuration = new Histogram({
    name: 'support_event_store_append_duration_seconds', help: 'Event-store appends, by outcome (ok, wrong_expected_version, error).',
    labelNames: ['outcome'] as const, buckets: LATENCY_BUCKETS, registers: [this.registry],
  });

  readonly appendedEvents = new Counter({
    name: 'support_event_store_appended_events_total', help: 'Events appended to the event store by this process.', registers: [this.registry],
  });

  readonly messageDeliveries = new Counter({
    name: 'support_message_deliveries_total',
    help: 'Template message delivery attempts recorded, by outcome (sent, failed: final failure, retry: a retryable failure, tried again later).',
    labelNames: ['outcome'] as const, registers: [this.registry],
  });

  readonly webhookDeliveries = new Counter({
    name: 'support_webhook_deliveries_total',
    help: 'Webhook delivery attempts recorded, by outcome (delivered; retry: failed, tried again later; failed: failed for good).',
    labelNames: ['outcome'] as const, registers: [this.registry],
  });

  readonly webhookAttemptDuration = new Histogram({
    name: 'support_webhook_attempt_duration_seconds', help: 'Time of a webhook delivery attempt, from the request to the receiver\'s answer (or its absence), by outcome.',
    labelNames: ['outcome'] as const, buckets: LATENCY_BUCKETS, registers: [this.registry],
  });

  readonly breakerOpen = new Gauge({
    name: 'support_dependency_breaker_state',
    help: 'Circuit breaker of an external system per account (account: the configured account id; for the chat app, its business account id): 0 closed, 0.5 half-open, 1 open (calls fail at once).',
    labelNames: ['dependency', 'account'] as const, registers: [this.registry],
  });

  readonly exportJobsFailed = new Counter({
    name: 'support_export_jobs_failed_total', help: 'Ticket exports recorded failed by this process, by cause (attempt: a worker failed it; dead_letter: its job went to the dead letter unfinished).',
    labelNames: ['cause'] as const, registers: [this.registry],
  });

  readonly exportRows = new Counter({
    name: 'support_export_rows_total', help: 'Ticket rows written to export files (rate() is rows per second).', registers: [this.registry],
  });

  readonly slaBreaches = new Counter({
    name: 'support_sla_breaches_total', help: 'SLA targets recorded breached by this process (its SLA watcher), by policy label.',
    labelNames: ['policy'] as const, registers: [this.registry],
  });

  readonly jobRedeliveries = new Counter({
    name: 'support_job_redeliveries_total', help: 'Jobs handed to a handler again (delivery count above 1), by job kind.',
    labelNames: ['kind'] as const, registers: [this.registry],
  });

  readonly jobsHandled = new Counter({
    name: 'support_jobs_handled_total', help: 'Job deliveries handled by this process, by job kind and outcome (ack, retry, fail, error).',
    labelNames: ['kind', 'outcome'] as const, registers: [this.registry],
  });

  readonly jobsInProgress = new Gauge({
    name: 'support_jobs_in_progress', help: 'Jobs in a handler\'s hands in this process now, by job kind.',
    labelNames: ['kind'] as const, registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    for (const name of MISNAMED_DEFAULTS) this.registry.removeSingleMetric(name);
  }

  /** A gauge whose values are read when the registry is scraped. */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[], read: () => Promise<readonly { labels: Record<L, string>; value: number }[]>): Gauge<L> {
    return new Gauge<L>({
      name, help, labelNames, registers: [this.registry],
      async collect() {
        this.reset();
        // An engine that cannot answer now (a queue outage) leaves the gauge empty; the scrape still succeeds.
        const values = await read().catch(() => []);
        for (const { labels, value } of values) this.set(labels as never, value);
      },
    });
  }

  /** The Prometheus text format of every family. */
  async exposition(): Promise<{ readonly contentType: string; readonly body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
