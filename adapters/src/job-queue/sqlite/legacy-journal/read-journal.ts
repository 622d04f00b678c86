// Exists only to import data directories written by earlier versions (the embedded job queue's journal); nothing writes this format any more.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isJournalRecord, type JournalRecord } from './journal-records';

/** The old queue's journal in its folder: one JSON record per line. */
export function legacyJournalPath(dir: string): string {
  return join(resolve(dir), 'jobs.journal.jsonl');
}

/**
 * Reads every record of an old journal, read-only. A last line that does not parse is a write torn
 * by a crash and is dropped (the old queue did the same when it opened); a bad line anywhere else
 * means the file is damaged, and reading fails naming the file and the line. A missing file reads
 * as no records.
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
