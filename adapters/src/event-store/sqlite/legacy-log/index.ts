/**
 * A read-only reader of the event log written by the embedded event store of earlier versions
 * (`<dir>/events.log`). It exists only so that importEmbeddedLog can import such a data directory
 * into SQLite; nothing in this code base writes the format any more.
 */
export { LegacyLogIndex, scanLegacyLog } from './log-scan';
export { readLegacyEvents } from './log-reader';
