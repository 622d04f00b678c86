import { RecordedEvent, TEMPLATE_SYNC_STREAM_PREFIX, TEMPLATES_COLLECTION, TEMPLATES_PROJECTION, TemplateSyncEvent } from '@support/domain';
import { ProjectionDefinition, ProjectionWrite } from '../runtime/projection';

/** One document per account (_id = account id): the last synced template set with its sync time, and the last failure. */
export const templateSyncWrites = (event: TemplateSyncEvent): readonly ProjectionWrite[] => {
  switch (event.type) {
    case 'TemplatesSynced': {
      const d = event.data;
      return [{
        collection: TEMPLATES_COLLECTION,
        updateOne: { id: d.accountId, update: { $set: { accountId: d.accountId, syncedAt: d.syncedAt, pages: d.pages, templates: d.templates } }, upsert: true },
      }];
    }
    case 'TemplateSyncFailed': {
      const d = event.data;
      return [{
        collection: TEMPLATES_COLLECTION,
        updateOne: { id: d.accountId, update: { $set: { accountId: d.accountId, lastFailure: { at: d.failedAt, reason: d.reason, kind: d.kind } } }, upsert: true },
      }];
    }
    default:
      return [];
  }
};

/** Read model "templates": what template send checks a template against. */
export const templatesProjection: ProjectionDefinition = {
  name: TEMPLATES_PROJECTION,
  streamNamePrefixes: [TEMPLATE_SYNC_STREAM_PREFIX],
  // The collection it owns, with no index beyond _id (one document per account).
  indexes: { [TEMPLATES_COLLECTION]: [] },
  project: async (event: RecordedEvent) => templateSyncWrites({ type: event.type, data: event.data } as TemplateSyncEvent),
};
