import { open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isJournalRecord, type JournalRecord } from './journal-records';

/**
 * Reads every record of a journal. A last line that does not parse is a write torn by a
 * crash and is dropped; a bad line anywhere else means the file is damaged, and opening fails.
 */
export async function readJournal(path: string): Promise<JournalRecord[]> {
  const text = await readIfPresent(path);
  const lines = text.split('\n');
  const records: JournalRecord[] = [];
  lines.forEach((line, index) => {
    if (line === '') return;
    const record = parseRecord(line);
    if (record !== null) {
      records.push(record);
    } else if (!isLastLine(lines, index)) {
      throw new Error(`job queue journal ${path} is damaged at line ${index + 1}`);
    }
  });
  return records;
}

/** Replaces the journal with these records, atomically: write a sibling, fsync it, rename it over, fsync the folder. */
export async function rewriteJournal(path: string, records: readonly JournalRecord[]): Promise<void> {
  const next = `${path}.compacting`;
  const handle = await open(next, 'w');
  try {
    await handle.writeFile(records.map((r) => `${JSON.stringify(r)}\n`).join(''), 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(next, path);
  await syncFolder(dirname(path));
}

function parseRecord(line: string): JournalRecord | null {
  try {
    const value: unknown = JSON.parse(line);
    return isJournalRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** True when no non-empty line follows this one. */
function isLastLine(lines: readonly string[], index: number): boolean {
  return lines.slice(index + 1).every((l) => l === '');
}

async function readIfPresent(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
