import { Position } from '../ports/event-store';
import { AccountAdminState } from './account-admin-state';

/** What the admin routes read of the admin changes a process has applied (app/src/admin/live-directory.ts). */
export interface AccountAdminView {
  /** An account's admin state (versions, tokens made, revocations), undefined before its first change. */
  stateOf(accountId: string): AccountAdminState | undefined;
  /** When a token was last used, to the minute; null when not recorded. */
  lastUsedAt(tokenId: string): string | null;
  /** Resolves true once the process's directory has applied the log up to `position` (false after `ms`). */
  waitFor(position: Position, ms: number): Promise<boolean>;
}
