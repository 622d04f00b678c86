import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createPublicKey } from 'node:crypto';
import { LOG_SIGNING_KEY_FILE, loadOrCreateLogSigningKey, logLeaves, OfflineEventLog, readAhead, SqliteTreeStore, TRANSPARENCY_FILE } from '@support/adapters';
import { auditLog, Checkpoint, isCheckpointError, openCheckpoint, verifierKey } from '@support/event-sourcing';
import { EVENTS_FILE } from './engines';
import { describeVerdict, parseVerifyArgs, VERIFY_USAGE } from './audit/verify-report';
import { readSettings } from './settings';

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
 * reordered event by position and stream.
 */
const main = async () => {
  const args = parseVerifyArgs(process.argv.slice(2));
  if ('usage' in args) return fail(2, args.usage);
  const settings = readSettings();
  if (settings.eventStoreUrl) return fail(2, 'npm run verify reads the embedded log (DATA_DIR/events.sqlite); unset EVENTSTORE_URL');
  const eventsFile = path.join(settings.dataDir, EVENTS_FILE);
  const treeFile = path.join(settings.dataDir, TRANSPARENCY_FILE);
  if (!existsSync(eventsFile)) return fail(2, `no event log at ${eventsFile}: set DATA_DIR to the service's data directory`);
  if (!existsSync(treeFile)) return fail(2, `no tree at ${treeFile}: start the service once on this DATA_DIR so that it builds the tree`);
  const hasKey = settings.logSigningKey !== undefined || existsSync(path.join(settings.dataDir, LOG_SIGNING_KEY_FILE));
  if (args.key === undefined && !hasKey) return fail(2, `no log signing key in DATA_DIR or LOG_SIGNING_KEY: give the verifier key with --key\n${VERIFY_USAGE}`);
  const key = args.key ?? verifierKey(settings.logOrigin, createPublicKey(await loadOrCreateLogSigningKey(settings.dataDir, settings.logSigningKey)));

  // The log's file read through once beside the threads, so that from a cold disk they find its pages in the cache.
  const prefetch = readAhead(eventsFile);
  const log = new OfflineEventLog(eventsFile);
  const leaves = SqliteTreeStore.open(treeFile, { readonly: true });
  const lookup = SqliteTreeStore.open(treeFile, { readonly: true });
  try {
    const notes = [...[...leaves.checkpoints()].map((c) => ({ note: c.note, from: `the stored checkpoint of size ${c.size}` })),
      ...(args.checkpoint !== undefined ? [{ note: readFileSync(args.checkpoint, 'utf8'), from: args.checkpoint }] : [])];
    const checkpoints: Checkpoint[] = [];
    for (const { note, from } of notes) {
      const opened = openCheckpoint(note, key);
      if (isCheckpointError(opened)) return fail(1, `${from}: ${opened.message}`);
      checkpoints.push(opened);
    }
    checkpoints.sort((a, b) => a.size - b.size);
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

main().catch((e) => fail(2, (e as Error).message));
