import * as t from 'io-ts';
import { strictObject } from '../../shared/strict';
import { FreeText, Id, IdList } from '../lifecycle/requests';
import { MAX_SPLIT_INTERACTIONS } from './split-events';

/** POST /apis/tickets/{ticketId}/split (docs/api/merge-and-split.md). No other keys accepted. */
export const SplitRequest = strictObject('SplitRequest', { interactionIds: IdList('InteractionIds', MAX_SPLIT_INTERACTIONS, 'interactions') }, {
  subject: FreeText, query: t.string, currentTaskId: Id, taskName: Id,
});
export type SplitRequest = t.TypeOf<typeof SplitRequest>;
