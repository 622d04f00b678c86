import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The old queue's journal in a data folder (`<dir>/jobs.journal.jsonl`). */
export const legacyJournalFile = (dir: string): string => join(dir, 'jobs.journal.jsonl');

/** One line of the old journal (adapters/src/job-queue/sqlite/legacy-journal/journal-records.ts). */
export type LegacyJournalLine =
  | { t: 'published'; id: string; kind: string; dedupeId: string; payload: unknown; publishedAt: string }
  | { t: 'delivered'; id: string; deliveryCount: number }
  | { t: 'retry'; id: string; notBefore: string }
  | { t: 'acked'; id: string }
  | { t: 'dead'; id: string; reason: string; deadAt: string }
  | { t: 'dedupe'; kind: string; dedupeId: string }
  | { t: 'position'; publisher: string; position: string };

/**
 * Test fixture only: writes the journal of the embedded job queue of earlier versions, one JSON
 * record per line, so that the import tests have an old data directory to import (nothing in
 * production writes this format any more).
 */
export async function writeLegacyJournal(dir: string, lines: readonly LegacyJournalLine[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(legacyJournalFile(dir), lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
}
