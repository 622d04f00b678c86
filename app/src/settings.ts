import path from 'node:path';
import * as E from 'fp-ts/Either';
import { LogLevel, parseLogLevel } from '@support/adapters';
import { AllowedHost, parseAllowedHosts } from '@support/domain';

/** The environment of the operator contract, read once at start. */
export interface Settings {
  readonly port: number;
  readonly host: string;
  readonly publicBaseUrl: string;
  readonly dataDir: string;
  readonly configFile: string;
  readonly eventStoreUrl?: string;
  readonly mongodbUrl?: string;
  readonly natsUrl?: string;
  readonly azureConnectionString?: string;
  /** AZURE_BLOB_PUBLIC_URL: the blob endpoint as those who download reach it, when not the connection string's. */
  readonly azureBlobPublicUrl?: string;
  readonly urlSigningKey?: string;
  /** OPERATOR_TOKEN: Bearer token of the operator's read-only admin routes over every account (at least 32 characters). */
  readonly operatorToken?: string;
  /** LOG_LEVEL: trace, debug, info (default), warn, error, fatal or silent. */
  readonly logLevel: LogLevel;
  /** WEBHOOK_SIGNING_KEY: the key webhook secrets are derived from (at least 32 characters); unset: one generated once in DATA_DIR. */
  readonly webhookSigningKey?: string;
  /**
   * WEBHOOK_ALLOWED_HOSTS: comma-separated host:port entries a webhook may target over plain http or
   * at a private address, each on its port only (e.g. "127.0.0.1:9000,[::1]:9000"); a bare host is
   * its default ports only (80 for http, 443 for https).
   */
  readonly webhookAllowedHosts: readonly AllowedHost[];
  /** EXPORT_ACK_WAIT_MS (see exportAckWaitMs); unset: the export worker's default. */
  readonly exportAckWaitMs?: number;
  /**
   * ERASURES_FILE: a file outside DATA_DIR (and its backups) where each customer erasure done is kept,
   * so that a DATA_DIR restored from an older backup has them asked again at start (docs/operations.md, Erasure); unset: none kept.
   */
  readonly erasuresFile?: string;
  /** BULK_UPDATE_ACK_WAIT_MS: how long a bulk update stays with a worker that stopped moving (one that died) before the queue hands it out again; unset: the worker's default (30 s). */
  readonly bulkUpdateAckWaitMs?: number;
  /** LOG_SIGNING_KEY: the secret the log's Ed25519 checkpoint key is derived from (at least 32 characters); unset: one generated once in DATA_DIR. */
  readonly logSigningKey?: string;
  /** LOG_ORIGIN: the log's name, first line of each checkpoint and name of its key (no spaces or "+"; default support-service/log). */
  readonly logOrigin: string;
  /** LOG_CHECKPOINT_MS: how often the tree head is signed while the log grows (default 5000). */
  readonly logCheckpointMs: number;
  /** LOG_TREE=off: the projectors' process neither keeps the Merkle tree nor signs checkpoints (default on). */
  readonly logTree: boolean;
  /** MAX_CONNECTIONS_PER_ADDRESS: open connections one address may hold; the next is closed at once (default 1024). */
  readonly maxConnectionsPerAddress: number;
}

/** The project's own demo configuration, used when CONFIG_FILE is unset. */
const DEMO_CONFIG_FILE = path.resolve(__dirname, '..', 'config', 'demo-accounts.json');

const nonEmpty = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v.trim());

const operatorToken = (raw: string | undefined): string | undefined => {
  const token = nonEmpty(raw);
  if (token !== undefined && (token.length < 32 || /\s/.test(token))) throw new Error('OPERATOR_TOKEN must be at least 32 characters without spaces');
  return token;
};

/**
 * EXPORT_ACK_WAIT_MS (BULK_UPDATE_ACK_WAIT_MS likewise for a bulk update): how long an export job stays with a worker whose rows stop moving (hung
 * upload, dead worker) before the queue hands it out again. A running export extends its lease as
 * its rows go out, so an export may take longer than this. Default 60 s.
 */
/** ERASURES_FILE, resolved; refused inside DATA_DIR, whose backups would take it with them. */
const erasuresFile = (value: string | undefined, dataDir: string): string | undefined => {
  const file = nonEmpty(value);
  if (file === undefined) return undefined;
  const resolved = path.resolve(file);
  if (!path.relative(dataDir, resolved).startsWith('..')) throw new Error(`ERASURES_FILE must be outside DATA_DIR (${dataDir}), where backups do not take it: got "${value}"`);
  return resolved;
};

const ackWaitMs = (env: NodeJS.ProcessEnv, name: 'EXPORT_ACK_WAIT_MS' | 'BULK_UPDATE_ACK_WAIT_MS'): number | undefined => {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1_000) throw new Error(`${name} must be a whole number of milliseconds, at least 1000, got "${raw}"`);
  return ms;
};

const logOrigin = (raw: string | undefined): string => {
  const origin = nonEmpty(raw) ?? 'support-service/log';
  if (/[\s+]/.test(origin)) throw new Error(`LOG_ORIGIN must hold no spaces and no "+", got "${origin}"`);
  return origin;
};

const logCheckpointMs = (raw: string | undefined): number => {
  const text = nonEmpty(raw);
  if (text === undefined) return 5_000;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 100) throw new Error(`LOG_CHECKPOINT_MS must be a whole number of milliseconds, at least 100, got "${text}"`);
  return ms;
};

const logTree = (raw: string | undefined): boolean => {
  const text = nonEmpty(raw)?.toLowerCase() ?? 'on';
  if (text !== 'on' && text !== 'off') throw new Error(`LOG_TREE must be on or off, got "${text}"`);
  return text === 'on';
};

const maxConnectionsPerAddress = (raw: string | undefined): number => {
  const text = nonEmpty(raw);
  if (text === undefined) return 1_024;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`MAX_CONNECTIONS_PER_ADDRESS must be a whole number, at least 1, got "${text}"`);
  return n;
};

const webhookAllowedHosts = (raw: string | undefined): readonly AllowedHost[] => {
  const parsed = parseAllowedHosts(raw ?? '');
  if (E.isLeft(parsed)) throw new Error(`WEBHOOK_ALLOWED_HOSTS ${parsed.left}`);
  return parsed.right;
};

/** An absolute http(s) URL, or why not (the variable named). */
const httpUrl = (name: string, raw: string | undefined): string | undefined => {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http or https URL, such as http://localhost:10000/devstoreaccount1, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http or https URL, got "${raw}"`);
  return raw;
};

export const readSettings = (env: NodeJS.ProcessEnv = process.env): Settings => {
  const port = Number(nonEmpty(env.PORT) ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer from 0 to 65535, got "${env.PORT}"`);
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';
  return {
    port,
    host,
    publicBaseUrl: (nonEmpty(env.PUBLIC_BASE_URL) ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, ''),
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    configFile: path.resolve(nonEmpty(env.CONFIG_FILE) ?? DEMO_CONFIG_FILE),
    eventStoreUrl: nonEmpty(env.EVENTSTORE_URL),
    mongodbUrl: nonEmpty(env.MONGODB_URL),
    natsUrl: nonEmpty(env.NATS_URL),
    azureConnectionString: nonEmpty(env.AZURE_STORAGE_CONNECTION_STRING),
    azureBlobPublicUrl: httpUrl('AZURE_BLOB_PUBLIC_URL', nonEmpty(env.AZURE_BLOB_PUBLIC_URL)),
    urlSigningKey: nonEmpty(env.URL_SIGNING_KEY),
    operatorToken: operatorToken(env.OPERATOR_TOKEN),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    exportAckWaitMs: ackWaitMs(env, 'EXPORT_ACK_WAIT_MS'),
    erasuresFile: erasuresFile(env.ERASURES_FILE, path.resolve(nonEmpty(env.DATA_DIR) ?? './data')),
    bulkUpdateAckWaitMs: ackWaitMs(env, 'BULK_UPDATE_ACK_WAIT_MS'),
    webhookSigningKey: nonEmpty(env.WEBHOOK_SIGNING_KEY),
    logSigningKey: nonEmpty(env.LOG_SIGNING_KEY),
    logOrigin: logOrigin(env.LOG_ORIGIN),
    logCheckpointMs: logCheckpointMs(env.LOG_CHECKPOINT_MS),
    logTree: logTree(env.LOG_TREE),
    maxConnectionsPerAddress: maxConnectionsPerAddress(env.MAX_CONNECTIONS_PER_ADDRESS),
    webhookAllowedHosts: webhookAllowedHosts(env.WEBHOOK_ALLOWED_HOSTS),
  };
};
