import { AsyncLocalStorage } from 'node:async_hooks';
import {
  ACCOUNT_ADMIN_STREAM_PREFIX, AccessTokenUsed, AccountAdminEvent, AccountAdminView, AccountDirectory, AdminOverlay, applyAdminEvent, comparePositions, emptyAdminOverlay, EventStore,
  isAccountAdminEvent, Logger, overlayDirectory, Position, Principal, RecordedEvent, TOKEN_USE_STREAM_PREFIX,
} from '@support/domain';

/** How often the start looks whether the follower has read the log up to its head. */
const CATCH_UP_POLL_MS = 5;

/**
 * The account directory of a process: the configuration file's, with every admin change of the log
 * on top (accounts, tokens, revocations, settings), following the log as the projections do, so a
 * change made through any process applies here as soon as this process reads it (the embedded log
 * is polled every 25 ms). Each change makes a new snapshot; a request keeps the snapshot it started
 * with (`pinned`), so requests in flight finish under the version they started with.
 */
export interface LiveDirectory extends AccountAdminView {
  /** The request's snapshot, or the newest. */
  readonly current: () => AccountDirectory;
  /** Runs a request with the newest snapshot pinned for it. */
  pinned<T>(run: () => T): T;
  stop(): Promise<void>;
}

interface Waiter {
  readonly position: Position;
  readonly resolve: (applied: boolean) => void;
}

/** The directory snapshot with each valid token's use told to `used` (recording it is the caller's). */
const noticingUse = (directory: AccountDirectory, used: (principal: Principal, at: Date) => void): AccountDirectory => ({
  ...directory,
  checkToken: (token, at) => {
    const checked = directory.checkToken(token, at);
    if (checked.kind === 'valid') used(checked.principal, at);
    return checked;
  },
});

export const followAdminChanges = async (
  file: AccountDirectory, eventStore: EventStore, options: { readonly logger: Logger; readonly used: (principal: Principal, at: Date) => void },
): Promise<LiveDirectory> => {
  const overlay: AdminOverlay = emptyAdminOverlay();
  const pins = new AsyncLocalStorage<AccountDirectory>();
  let snapshot = noticingUse(file, options.used);
  let dirty = false;
  let applied: Position | null = null;
  let waiters: Waiter[] = [];
  const newest = (): AccountDirectory => {
    if (dirty) {
      snapshot = noticingUse(overlayDirectory(file, overlay), options.used);
      dirty = false;
    }
    return snapshot;
  };
  const head = await eventStore.headPosition();
  const subscription = eventStore.subscribeToAll({ fromPosition: 'start', streamNamePrefixes: [ACCOUNT_ADMIN_STREAM_PREFIX, TOKEN_USE_STREAM_PREFIX] });
  const apply = (e: RecordedEvent): void => {
    if (isAccountAdminEvent(e) || e.type === 'AccessTokenUsed') dirty = applyAdminEvent(overlay, e as unknown as AccountAdminEvent | AccessTokenUsed) || dirty;
    applied = e.position;
    const due = waiters.filter((w) => comparePositions(w.position, e.position) <= 0);
    if (due.length === 0) return;
    waiters = waiters.filter((w) => !due.includes(w));
    for (const w of due) w.resolve(true);
  };
  const following = (async () => {
    for await (const e of subscription) apply(e);
  })().catch((e) => options.logger.error('account directory: following the admin changes stopped', { errorMessage: (e as Error).message }));
  const caughtUp = () => head === null || typeof subscription.readUpTo !== 'function' || comparePositions(subscription.readUpTo() ?? { commit: -1n, prepare: -1n }, head) >= 0;
  while (!caughtUp()) await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
  return {
    current: () => pins.getStore() ?? newest(),
    pinned: (run) => pins.run(newest(), run),
    stateOf: (accountId) => overlay.states.get(accountId),
    lastUsedAt: (tokenId) => overlay.lastUsed.get(tokenId) ?? null,
    waitFor: (position, ms) => {
      if (applied !== null && comparePositions(position, applied) <= 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter: Waiter = { position, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          resolve(false);
        }, ms).unref();
      });
    },
    stop: async () => {
      await subscription.unsubscribe();
      await following;
    },
  };
};
