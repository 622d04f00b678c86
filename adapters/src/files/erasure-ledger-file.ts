import { appendFile, mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ErasureLedger, ErasureLedgerEntry } from '@support/domain';

const isEntry = (v: unknown): v is ErasureLedgerEntry => {
  const e = v as Record<string, unknown>;
  return typeof v === 'object' && v !== null && ['accountId', 'customerId', 'erasureId', 'requestedAt', 'erasedAt'].every((k) => typeof e[k] === 'string');
};

/**
 * The erasure ledger as a file of JSON lines (ERASURES_FILE), kept where the backups of DATA_DIR are
 * not: each erasure done is appended and synced before its job ends. A line that does not read (a
 * write cut short by a crash) is skipped.
 */
export const erasureLedgerFile = (file: string): ErasureLedger => ({
  record: async (entry) => {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
    const handle = await open(file, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  entries: async () => {
    const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? '' : Promise.reject(e)));
    return text.split('\n').flatMap((line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        return isEntry(parsed) ? [parsed] : [];
      } catch {
        return [];
      }
    });
  },
});
