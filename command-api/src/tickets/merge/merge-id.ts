import { createHash } from 'node:crypto';

/**
 * The id of a merge: the same target and the same sources (in any order) make the same id, so a
 * request sent again, or the same merge sent by two agents at once, is one merge on every stream.
 */
export const mergeIdOf = (accountId: string, targetTicketId: string, sourceTicketIds: readonly string[]): string =>
  createHash('sha256').update(JSON.stringify([accountId, targetTicketId, [...sourceTicketIds].sort()])).digest('hex').slice(0, 32);
