import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as E from 'fp-ts/Either';
import { silentLogger } from '@support/adapters';
import { decodeAccountConfig, Logger } from '@support/domain';
import { Component, RunningService, startService, readSettings } from '@support/app';
import type { ServiceDeps } from '@support/app';
import { Feature } from '@support/app';
import { exampleConfig } from './example-config';
import { assertConformsToOpenApi } from './openapi-validator';

export { silentLogger };

export interface ApiResponse<B = any> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: B;
  readonly text: string;
}

export interface TestService {
  readonly url: string;
  readonly dataDir: string;
  readonly deps: ServiceDeps;
  readonly running: RunningService;
  /** Calls the running app over HTTP: JSON in, JSON out. */
  api<B = any>(method: string, route: string, options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<ApiResponse<B>>;
  /** Stops the service; the data directory stays unless `remove` (default true). */
  stop(options?: { remove?: boolean }): Promise<void>;
}

export interface TestServiceOptions {
  /** Raw configuration document (default: the example configuration). */
  readonly config?: unknown;
  /** Reuse a data directory (restart tests). */
  readonly dataDir?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly components?: readonly Component[];
  readonly overrides?: Partial<Pick<ServiceDeps, 'clock' | 'newId' | 'fetch' | 'limiters'>>;
  readonly features?: readonly Feature[];
  readonly logger?: Logger;
}

/** Starts the real app on a free loopback port with a temporary DATA_DIR and waits until it is ready. */
export const startTestService = async (options: TestServiceOptions = {}): Promise<TestService> => {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'support-test-'));
  const decoded = decodeAccountConfig(options.config ?? exampleConfig());
  if (E.isLeft(decoded)) throw new Error(`test configuration is invalid: ${decoded.left.map((p) => p.message).join('; ')}`);
  const settings = readSettings({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...options.env });
  const running = await startService({
    settings,
    components: options.components,
    logger: options.logger ?? silentLogger,
    directory: decoded.right,
    overrides: options.overrides,
    features: options.features,
  });
  await running.ready;
  const base = running.url;
  return {
    url: base,
    dataDir,
    deps: running.deps,
    running,
    api: async (method, route, opts = {}) => {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.token !== undefined) headers.Authorization = `Bearer ${opts.token}`;
      let body: string | undefined = opts.rawBody;
      if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
      const res = await fetch(`${base}${route}`, { method, headers, body });
      const text = await res.text();
      // Every answer a test receives must be what /openapi.json says (routes of a test's own features excepted).
      assertConformsToOpenApi({ method, url: route, status: res.status, headers: res.headers, text }, { skipUnknownPaths: options.features !== undefined });
      let parsed: unknown = text;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        parsed = text;
      }
      return { status: res.status, headers: res.headers, body: parsed as never, text };
    },
    stop: async ({ remove = options.dataDir === undefined } = {}) => {
      await running.stop();
      if (remove) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
