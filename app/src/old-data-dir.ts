import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The files the embedded engines wrote before SQLite: the event log `events/events.log` and the job
 * journal `jobs/jobs.journal.jsonl`. This version no longer imports them.
 */
const OLD_FILES = [
  { old: path.join('events', 'events.log'), current: 'events.sqlite', what: 'event log', embedded: (s: OldDataDirSettings) => !s.eventStoreUrl },
  { old: path.join('jobs', 'jobs.journal.jsonl'), current: 'jobs.sqlite', what: 'job journal', embedded: (s: OldDataDirSettings) => !s.natsUrl },
] as const;

interface OldDataDirSettings {
  readonly dataDir: string;
  readonly eventStoreUrl?: string;
  readonly natsUrl?: string;
}

const holdsData = (file: string): boolean => existsSync(file) && statSync(file).size > 0;

/**
 * The refusal to start on a data directory that holds an embedded engine's data only in the format
 * of earlier versions (its SQLite file absent): started, the service would answer from an empty
 * log or queue. Null when the directory is fine.
 */
export const oldDataDirRefusal = (settings: OldDataDirSettings): string | null => {
  for (const file of OLD_FILES) {
    if (!file.embedded(settings)) continue;
    const old = path.join(settings.dataDir, file.old);
    if (holdsData(old) && !existsSync(path.join(settings.dataDir, file.current))) {
      return `DATA_DIR ${settings.dataDir} holds the ${file.what} of an earlier version (${file.old}) and no ${file.current}: ` +
        'this version does not read that format and will not start empty over it. Start an earlier version once, which imports it ' +
        'into SQLite (git log -- adapters/src/event-store/sqlite/import-embedded-log.ts), or move the folder out of DATA_DIR to start empty.';
    }
  }
  return null;
};
