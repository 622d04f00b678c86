import path from 'node:path';
import { SqliteEventStore } from '@support/adapters';
import { EventStore } from '@support/domain';
import { EventFeedQuery, eventLine, readEventFeed } from '@support/query-api';
import { distributedAdapters } from '../distributed-adapters';
import { EVENTS_FILE } from '../engines';
import { Settings } from '../settings';

/**
 * Opens the engine the environment names and prints the feed: EventStoreDB, or the embedded log's
 * SQLite file (both at any time, beside a running service).
 */
export const readFeedFromEngine = async (settings: Settings, query: EventFeedQuery, write: (line: string) => void, signal?: AbortSignal): Promise<void> => {
  let store: EventStore;
  try {
    store = settings.eventStoreUrl
      ? await distributedAdapters().EventStoreDbEventStore.connect(settings.eventStoreUrl)
      : SqliteEventStore.open({ file: path.join(settings.dataDir, EVENTS_FILE) });
  } catch (e) {
    const inUse = /is in use by (process|another running service)/.test((e as Error).message);
    throw new Error(inUse
      ? `${(e as Error).message}\nThe service is running: read it over HTTP instead, e.g. EVENTS_TOKEN=<operator token or an account admin's token> npm run --silent events -- --url http://${settings.host}:${settings.port} ...`
      : (e as Error).message);
  }
  try {
    for await (const e of readEventFeed(store, query, signal)) write(eventLine(e));
  } finally {
    await store.close();
  }
};
