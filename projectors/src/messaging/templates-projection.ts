import { DocumentWrite, RecordedEvent, TEMPLATE_SYNC_STREAM_PREFIX, TEMPLATES_COLLECTION, TEMPLATES_PROJECTION, TemplateSyncEvent } from '@support/domain';
import { ProjectionDefinition } from '../runtime/projection';

/** One document per account (_id = account id): the last synced template set with its sync time, and the last failure. */
const templateSyncWrites = (event: TemplateSyncEvent): readonly DocumentWrite[] => {
  switch (event.type) {
    case 'TemplatesSynced': {
      const d = event.data;
      return [{ collection: TEMPLATES_COLLECTION, id: d.accountId, set: { accountId: d.accountId, syncedAt: d.syncedAt, pages: d.pages, templates: d.templates }, upsert: true }];
    }
    case 'TemplateSyncFailed': {
      const d = event.data;
      return [{ collection: TEMPLATES_COLLECTION, id: d.accountId, set: { accountId: d.accountId, lastFailure: { at: d.failedAt, reason: d.reason, kind: d.kind } }, upsert: true }];
    }
    default:
      return [];
  }
};

/** Read model "templates": what template send checks a template against. */
export const templatesProjection: ProjectionDefinition = {
  name: TEMPLATES_PROJECTION,
  streamNamePrefixes: [TEMPLATE_SYNC_STREAM_PREFIX],
  version: 1,
  // One document per account, read by id.
  collections: { [TEMPLATES_COLLECTION]: { fields: ['accountId'] } },
  project: async (event: RecordedEvent) => templateSyncWrites({ type: event.type, data: event.data } as TemplateSyncEvent),
};
