import { assertConformsToOpenApi } from '../../support/openapi-validator';
import { parse } from 'csv-parse/sync';
import { ApiResponse, TestService } from '../../support/test-service';
import { TOKENS } from '../../support/example-config';

export const EXPORT = '/apis/task-runs/tickets/export';

export const startExport = (svc: TestService, body?: unknown, token: string = TOKENS.acmeAdmin): Promise<ApiResponse> =>
  svc.api('POST', EXPORT, { token, body });

export const pollExport = (svc: TestService, jobId: string, token: string = TOKENS.acmeAdmin): Promise<ApiResponse> =>
  svc.api('GET', `${EXPORT}/${jobId}`, { token });

/** Polls until the job reaches one of the statuses (or the time runs out), answering the last poll. */
export const waitForExport = async (
  svc: TestService, jobId: string, statuses: readonly string[] = ['succeeded', 'failed'], timeoutMs = 20_000, token: string = TOKENS.acmeAdmin,
): Promise<ApiResponse> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await pollExport(svc, jobId, token);
    if (res.status !== 200 || statuses.includes(res.body.job.status) || Date.now() > until) return res;
    await new Promise((r) => setTimeout(r, 25));
  }
};

interface DownloadedCsv {
  readonly status: number;
  readonly text: string;
  readonly header: string[];
  /** Data rows as objects keyed by header name. */
  readonly rows: Record<string, string>[];
  readonly records: string[][];
  readonly contentType: string | null;
}

/** Fetches the file from its signed URL and parses it back with a real CSV parser (csv-parse, RFC 4180). */
export const downloadCsv = async (url: string): Promise<DownloadedCsv> => {
  const res = await fetch(url);
  const text = await res.text();
  // The service's own signed downloads (the local blob store) are routes of /openapi.json too.
  const { pathname, search } = new URL(url);
  if (pathname.startsWith('/downloads/')) assertConformsToOpenApi({ method: 'GET', url: `${pathname}${search}`, status: res.status, headers: res.headers, text });
  if (res.status !== 200) return { status: res.status, text, header: [], rows: [], records: [], contentType: res.headers.get('content-type') };
  const records: string[][] = parse(text, { relax_column_count: false, record_delimiter: '\r\n' });
  const [header, ...data] = records;
  const rows = data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
  return { status: res.status, text, header, rows, records, contentType: res.headers.get('content-type') };
};

/** Starts an export and waits for its outcome; answers the 202 and the final poll. */
export const exportAndWait = async (svc: TestService, body?: unknown, token?: string) => {
  const started = await startExport(svc, body, token);
  if (started.status !== 202) throw new Error(`export start answered ${started.status}: ${started.text}`);
  const done = await waitForExport(svc, started.body.jobId, ['succeeded', 'failed'], 30_000, token);
  return { started, done };
};
