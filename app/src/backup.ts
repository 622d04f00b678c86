import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { PERSONAL_DATA_KEYS_FILE, processLogger, READ_MODELS_FILE, SIGNING_KEY_FILE, WEBHOOK_SIGNING_KEY_FILE } from '@support/adapters';
import { EVENTS_FILE, JOBS_FILE } from './engines';
import { readSettings } from './settings';

/**
 * The embedded engines' files, in the order they are copied: the read models first, then the
 * jobs, the log, and the keys of its sealed personal values last. Each copy is a consistent
 * snapshot of its file (SQLite's online backup), and a later copy holds everything an earlier one
 * reflects: the read models' checkpoints and the dispatchers' positions are never ahead of the log
 * copied after them, so a service started on the backup catches them up from its log; and every
 * event of the log's copy has its key in the keys' copy (a key is stored before its event), but
 * for keys erased in between.
 */
const BACKUP_FILES = [READ_MODELS_FILE, JOBS_FILE, EVENTS_FILE, PERSONAL_DATA_KEYS_FILE] as const;

const exists = async (file: string): Promise<boolean> => stat(file).then(() => true, () => false);

/** Copies DATA_DIR's databases (and the download links' signing key) into `target`, a new or empty folder. */
const backupDataDir = async (dataDir: string, target: string): Promise<string[]> => {
  await mkdir(target, { recursive: true });
  const present = await readdir(target);
  if (present.length > 0) throw new Error(`${target} is not empty: back up into a new or empty folder`);
  if (!(await exists(path.join(dataDir, EVENTS_FILE)))) throw new Error(`${path.join(dataDir, EVENTS_FILE)} does not exist: DATA_DIR must point at the service's data directory`);
  const copied: string[] = [];
  for (const file of BACKUP_FILES) {
    const source = path.join(dataDir, file);
    if (!(await exists(source))) continue;
    const db = new Database(source, { readonly: true, fileMustExist: true });
    try {
      await db.backup(path.join(target, file));
    } finally {
      db.close();
    }
    copied.push(file);
  }
  // The keys: download URLs stay valid and webhook secrets stay the same after a restore.
  for (const key of [SIGNING_KEY_FILE, WEBHOOK_SIGNING_KEY_FILE]) {
    if (!(await exists(path.join(dataDir, key)))) continue;
    await copyFile(path.join(dataDir, key), path.join(target, key));
    copied.push(key);
  }
  return copied;
};

/** `npm run backup -- <folder>`: a copy of the data directory, taken while the service runs. */
if (require.main === module) {
  const target = process.argv[2];
  const logger = processLogger();
  if (target === undefined || target === '') {
    process.stderr.write('usage: npm run backup -- <folder> (a new or empty folder; DATA_DIR names the data directory)\n');
    process.exit(2);
  }
  const { dataDir } = readSettings();
  backupDataDir(dataDir, path.resolve(target)).then(
    (copied) => {
      logger.info('backup written', { folder: path.resolve(target), files: copied });
      process.stdout.write(`${path.resolve(target)}: ${copied.join(', ')}\nRestore: stop the service and start it with DATA_DIR=${path.resolve(target)} (or copy these files into an empty DATA_DIR).\n`);
    },
    (e: Error) => {
      process.stderr.write(`Backup failed: ${e.message}\n`);
      process.exit(1);
    },
  );
}
