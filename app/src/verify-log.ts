import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createPublicKey } from 'node:crypto';
import { LOG_SIGNING_KEY_FILE, loadOrCreateLogSigningKey, logLeaves, OfflineEventLog, readAhead, SqliteTreeStore, TRANSPARENCY_FILE } from '@support/adapters';
import { thrownMessage } from '@support/domain';
import { auditLog, verifierKey } from '@support/event-sourcing';
import { EVENTS_FILE } from './engines';
import { checkpointNotes, openCheckpoints, verifyDistributed } from './audit/verify-distributed';
import { openEngineSources } from './audit/verify-engines';
import { describeVerdict, parseVerifyArgs, VERIFY_USAGE, VerifyArgs } from './audit/verify-report';
import { readSettings, Settings } from './settings';

/** Exit codes: 0 verified, 1 the log or a checkpoint is not what was signed, 2 the command cannot run as asked. */
const fail = (code: number, text: string): never => {
  process.stderr.write(`${text}\n`);
  process.exit(code);
};

/**
 * `npm run verify [-- --checkpoint FILE] [--key VERIFIER_KEY]`: reads the embedded log offline
 * (DATA_DIR/events.sqlite, read only; the service may run), recomputes every leaf (on a thread a
 * core, each over ranges of the log) and the tree,
 * checks every stored checkpoint's signature and the log against each (so each is consistent with
 * the next), and a checkpoint an auditor kept elsewhere. The log's file is read ahead of the threads
 * (readAhead) when it fits in memory. Names the first altered, missing or
 * reordered event by position and stream. With EVENTSTORE_URL set, the same audit of the log in
 * EventStoreDB and the tree where the service keeps it (verifyOnEngines).
 */
const main = async () => {
  const args = parseVerifyArgs(process.argv.slice(2));
  if ('usage' in args) return fail(2, args.usage);
  const settings = readSettings();
  if (settings.eventStoreUrl) return verifyOnEngines({ ...settings, eventStoreUrl: settings.eventStoreUrl }, args);
  const eventsFile = path.join(settings.dataDir, EVENTS_FILE);
  const treeFile = path.join(settings.dataDir, TRANSPARENCY_FILE);
  if (!existsSync(eventsFile)) return fail(2, `no event log at ${eventsFile}: set DATA_DIR to the service's data directory`);
  if (!existsSync(treeFile)) return fail(2, `no tree at ${treeFile}: start the service once on this DATA_DIR so that it builds the tree`);
  const key = await verifierKeyOf(settings, args);

  // The log's file read through once beside the threads, so that from a cold disk they find its pages in the cache.
  const prefetch = readAhead(eventsFile);
  const log = new OfflineEventLog(eventsFile);
  const leaves = SqliteTreeStore.open(treeFile, { readonly: true });
  const lookup = SqliteTreeStore.open(treeFile, { readonly: true });
  try {
    const checkpoints = openCheckpoints(checkpointNotes(leaves.checkpoints(), keptCheckpoint(args)), key);
    if ('failed' in checkpoints) return fail(1, checkpoints.failed);
    const verdict = await auditLog({
      events: logLeaves(eventsFile, { treeFile }), eventAt: (position) => log.eventAt(position), leavesFrom: (index) => leaves.leaves(index), leafAt: (i) => lookup.leaf(i), checkpoints,
    });
    const report = describeVerdict(verdict, (position) => log.gapAfter(position));
    process.stdout.write(`${report}\n`);
    process.exitCode = verdict.verified ? 0 : 1;
  } finally {
    prefetch.stop();
    log.close();
    await leaves.close();
    await lookup.close();
    await prefetch.done;
  }
};

/** The verifier key: --key, else the one of LOG_SIGNING_KEY or DATA_DIR's key file (none made here). */
const verifierKeyOf = async (settings: Settings, args: VerifyArgs): Promise<string> => {
  const hasKey = settings.logSigningKey !== undefined || existsSync(path.join(settings.dataDir, LOG_SIGNING_KEY_FILE));
  if (args.key === undefined && !hasKey) return fail(2, `no log signing key in DATA_DIR or LOG_SIGNING_KEY: give the verifier key with --key\n${VERIFY_USAGE}`);
  return args.key ?? verifierKey(settings.logOrigin, createPublicKey(await loadOrCreateLogSigningKey(settings.dataDir, settings.logSigningKey)));
};

const keptCheckpoint = (args: VerifyArgs) => (args.checkpoint === undefined ? null : { note: readFileSync(args.checkpoint, 'utf8'), from: args.checkpoint });

/**
 * On the distributed engines: the log read from EventStoreDB's $all, the tree and its checkpoints
 * from MongoDB (MONGODB_URL) or DATA_DIR/transparency.sqlite, as the service keeps them; the same
 * checks, output and exit codes.
 */
const verifyOnEngines = async (settings: Settings & { readonly eventStoreUrl: string }, args: VerifyArgs): Promise<void> => {
  const key = await verifierKeyOf(settings, args);
  const sources = await openEngineSources(settings);
  if ('refused' in sources) return fail(2, sources.refused);
  try {
    const checkpoints = openCheckpoints(checkpointNotes(sources.tree.checkpoints(), keptCheckpoint(args)), key);
    if ('failed' in checkpoints) {
      await sources.close();
      return fail(1, checkpoints.failed);
    }
    const outcome = await verifyDistributed({ log: sources.log, tree: sources.tree, checkpoints }).catch((e: unknown) => {
      throw new Error(`reading the log from EventStoreDB (EVENTSTORE_URL): ${thrownMessage(e)}`);
    });
    process.stdout.write(`${outcome.report}\n`);
    process.exitCode = outcome.code;
  } finally {
    await sources.close();
  }
};

main().catch((e) => fail(2, (e as Error).message));
