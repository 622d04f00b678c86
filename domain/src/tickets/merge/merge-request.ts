import * as t from 'io-ts';
import { strictObject } from '../../shared/strict';
import { Id } from '../lifecycle/requests';
import { MAX_MERGE_SOURCES } from './merge-events';

const SourceTicketIds = new t.Type<readonly string[], readonly string[], unknown>(
  'SourceTicketIds',
  (u): u is readonly string[] => Array.isArray(u) && u.length >= 1 && u.length <= MAX_MERGE_SOURCES && u.every((id) => Id.is(id)),
  (u, c) => {
    if (!Array.isArray(u)) return t.failure(u, c, 'must be an array of ticket ids');
    if (u.length < 1 || u.length > MAX_MERGE_SOURCES) return t.failure(u, c, `must name 1 to ${MAX_MERGE_SOURCES} tickets (it names ${u.length}): merge at most ${MAX_MERGE_SOURCES} tickets at once`);
    const ids = t.array(Id).validate(u, c);
    return ids;
  },
  t.identity,
);

const Note = new t.Type<string, string, unknown>(
  'MergeNote',
  (u): u is string => typeof u === 'string' && u.length <= 4000,
  (u, c) => (typeof u !== 'string' ? t.failure(u, c, 'must be a string') : u.length > 4000 ? t.failure(u, c, 'must be at most 4000 characters') : t.success(u)),
  t.identity,
);

/** POST /apis/tickets/{targetId}/merge (docs/api/merge-and-split.md). No other keys accepted. */
export const MergeRequest = strictObject('MergeRequest', { sourceTicketIds: SourceTicketIds }, { note: Note });
export type MergeRequest = t.TypeOf<typeof MergeRequest>;
