import { EventStore, IdGenerator, Logger, Principal, tokenUseStream } from '@support/domain';

/** A token's use is recorded at most this often per process (lastUsedAt is to the minute). */
const RECORD_EVERY_MS = 60_000;

/**
 * Records that a token was used (`AccessTokenUsed`, on its account's `access_token_use-<id>`
 * stream), at most once a minute per token in a process, off the request's path: the request does
 * not wait for it, and a failed record is logged and tried again at the next use.
 */
export const tokenUseRecorder = (eventStore: EventStore, newId: IdGenerator, logger: Logger) => {
  const recorded = new Map<string, number>();
  return (principal: Principal, at: Date): void => {
    const last = recorded.get(principal.tokenId);
    if (last !== undefined && at.getTime() - last < RECORD_EVERY_MS) return;
    recorded.set(principal.tokenId, at.getTime());
    const { accountId, tokenId } = principal;
    const minute = new Date(Math.floor(at.getTime() / RECORD_EVERY_MS) * RECORD_EVERY_MS).toISOString();
    eventStore.appendToStream(tokenUseStream(accountId), [{
      id: newId(), type: 'AccessTokenUsed', data: { accountId, tokenId, at: minute }, metadata: { version: 1, accountId, userId: tokenId },
    }], { expectedRevision: 'any' }).then((r) => {
      if (r._tag === 'Left') recorded.delete(tokenId);
    }, (e) => {
      recorded.delete(tokenId);
      logger.warn('access token use not recorded; recorded at its next use', { accountId, tokenId, errorMessage: (e as Error).message });
    });
  };
};
