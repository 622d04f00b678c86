import * as t from 'io-ts';
import { strictObject } from '../../shared/strict';
import { FreeText, IdList } from '../lifecycle/requests';
import { MAX_MERGE_SOURCES } from './merge-events';

/** POST /apis/tickets/{targetId}/merge (docs/api/merge-and-split.md). No other keys accepted. */
export const MergeRequest = strictObject('MergeRequest', { sourceTicketIds: IdList('SourceTicketIds', MAX_MERGE_SOURCES, 'tickets') }, { note: FreeText });
export type MergeRequest = t.TypeOf<typeof MergeRequest>;
