import { readFile } from 'node:fs/promises';
import { writeJsonLinesAtomically } from '../../files/json-lines-writer';
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

/** Lines encoded into one part of a rewritten journal (about 100 KB, well under a millisecond). */
const LINES_PER_PART = 1_000;

/**
 * Replaces the journal with these records, atomically (a sibling written, fsynced and renamed over,
 * then the folder fsynced), giving requests their turns between parts: a compacted journal holds a
 * line for every job ever finished (100,000 and more), which took one turn of 20-40 ms when encoded
 * at once.
 */
export async function rewriteJournal(path: string, records: readonly JournalRecord[]): Promise<void> {
  await writeJsonLinesAtomically(path, async (_write, writeText) => {
    for (let from = 0; from < records.length; from += LINES_PER_PART) {
      let part = '';
      for (let i = from; i < Math.min(records.length, from + LINES_PER_PART); i++) part += `${JSON.stringify(records[i])}\n`;
      await writeText(part);
    }
  });
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
