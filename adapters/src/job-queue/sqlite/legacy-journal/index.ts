/**
 * A read-only reader of the job journal written by the embedded job queue of earlier versions
 * (`<dir>/jobs.journal.jsonl`). It exists only so that importEmbeddedJobs can import such a data
 * directory into SQLite; nothing in this code base writes the format any more.
 */
export { legacyJournalPath, readJournal } from './read-journal';
export type { JournalRecord } from './journal-records';
