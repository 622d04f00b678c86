import * as E from 'fp-ts/Either';
import { parseEventFeedQuery } from '@support/query-api';
import { parseEventsCliArgs } from './audit/events-cli-args';
import { readFeedFromEngine } from './audit/events-from-engine';
import { readFeedOverHttp } from './audit/events-over-http';
import { readSettings } from './settings';

/**
 * `npm run events -- ...`: the event log as JSON lines (position, stream, revision, id, type,
 * time, data, metadata), by stream, ticket, event type, prefix or account, from a position, and
 * with --follow as events are appended. With --url it reads a running service (GET /admin/events);
 * otherwise the engine the environment names. Read-only: auditors replay what happened.
 */
const main = async () => {
  const args = parseEventsCliArgs(process.argv.slice(2));
  if (E.isLeft(args)) {
    process.stderr.write(`${args.left}\n`);
    process.exit(2);
  }
  const query = parseEventFeedQuery(args.right.query);
  if (E.isLeft(query)) {
    process.stderr.write(`${query.left}\n`);
    process.exit(2);
  }
  const abort = new AbortController();
  process.on('SIGINT', () => abort.abort());
  process.on('SIGTERM', () => abort.abort());
  const write = (line: string) => void process.stdout.write(`${line}\n`);
  if (args.right.url !== undefined) {
    const token = process.env.EVENTS_TOKEN?.trim() || process.env.OPERATOR_TOKEN?.trim();
    if (!token) {
      process.stderr.write('set EVENTS_TOKEN to the operator token or to an account admin\'s access token\n');
      process.exit(2);
    }
    await readFeedOverHttp({ url: args.right.url, token, query: args.right.query, write, warn: (t) => void process.stderr.write(`${t}\n`), signal: abort.signal });
  } else {
    await readFeedFromEngine(readSettings(), query.right, write, abort.signal);
  }
};

main().then(
  () => void process.stdout.write('', () => process.exit(0)),
  (e) => {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(1);
  },
);
