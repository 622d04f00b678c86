import * as E from 'fp-ts/Either';
import { Decider } from '../shared/decider';
import { AccountAdminEvent } from './account-admin-events';
import { AccountAdminState, ApiToken, evolveAccountAdmin, initialAccountAdminState } from './account-admin-state';

interface By {
  readonly accountId: string;
  readonly byId: string;
  readonly at: string;
}

/** A token of the configuration file, with the scopes of its user's role. */
export type FileToken = Pick<ApiToken, 'tokenId' | 'scopes' | 'expiresAt'>;

export type AccountAdminCommand =
  | By & { readonly type: 'CreateAccount'; readonly name: string; readonly inFile: boolean }
  | By & {
      readonly type: 'ChangeAccount'; readonly name?: string; readonly suspended?: boolean;
      /** Null: no If-Match (last writer wins). */
      readonly expectedVersion: number | null;
      /** The account is the configuration file's. */
      readonly inFile: boolean;
    }
  | By & { readonly type: 'CreateToken'; readonly token: ApiToken & { readonly name: string | null; readonly sha256: string } }
  | By & {
      readonly type: 'RevokeToken'; readonly tokenId: string; readonly fileTokens: readonly FileToken[];
      /** The token that asks (null: the operator). */
      readonly callerTokenId: string | null;
    }
  | By & { readonly type: 'ChangeSettings'; readonly section: string; readonly value: unknown; readonly expectedVersion: number | null };

export type AccountAdminError =
  | { readonly kind: 'AccountExists' }
  | { readonly kind: 'AccountNotFound' }
  | { readonly kind: 'StaleVersion'; readonly current: number }
  | { readonly kind: 'TokenNotFound' }
  | { readonly kind: 'LastAdminToken' };

type Decision = E.Either<AccountAdminError, readonly AccountAdminEvent[]>;

const stale = (expected: number | null, current: number): boolean => expected !== null && expected !== current;

/** Tokens that hold the admin scope at `at`: not revoked, not expired. */
const adminTokens = (s: AccountAdminState, fileTokens: readonly FileToken[], at: string): string[] =>
  [...fileTokens, ...s.tokens]
    .filter((t) => t.scopes.includes('admin') && !s.revoked.includes(t.tokenId) && (t.expiresAt === null || t.expiresAt > at))
    .map((t) => t.tokenId);

const decideRevoke = (c: Extract<AccountAdminCommand, { type: 'RevokeToken' }>, s: AccountAdminState): Decision => {
  const known = [...c.fileTokens, ...s.tokens].some((t) => t.tokenId === c.tokenId);
  if (!known) return E.left({ kind: 'TokenNotFound' });
  if (s.revoked.includes(c.tokenId)) return E.right([]);
  const remaining = adminTokens(s, c.fileTokens, c.at).filter((id) => id !== c.tokenId);
  if (c.callerTokenId === c.tokenId && remaining.length === 0) return E.left({ kind: 'LastAdminToken' });
  return E.right([{ type: 'AccessTokenRevoked', data: { accountId: c.accountId, tokenId: c.tokenId, byId: c.byId, at: c.at } }]);
};

const decideChangeAccount = (c: Extract<AccountAdminCommand, { type: 'ChangeAccount' }>, s: AccountAdminState): Decision => {
  if (!c.inFile && !s.created) return E.left({ kind: 'AccountNotFound' });
  if (stale(c.expectedVersion, s.version)) return E.left({ kind: 'StaleVersion', current: s.version });
  const by = { accountId: c.accountId, byId: c.byId, at: c.at };
  const events: AccountAdminEvent[] = [];
  if (c.name !== undefined) events.push({ type: 'AccountRenamed', data: { ...by, name: c.name, version: s.version + 1 } });
  if (c.suspended !== undefined && c.suspended !== s.suspended) {
    const version = s.version + events.length + 1;
    events.push(c.suspended ? { type: 'AccountSuspended', data: { ...by, version } } : { type: 'AccountReinstated', data: { ...by, version } });
  }
  return E.right(events);
};

/**
 * An account's admin changes, decided on its stream: a new account (once), its name and suspension
 * and each settings section against the version the caller read (If-Match), tokens made and revoked
 * (the last admin token of an account cannot revoke itself).
 */
export const decideAccountAdmin = (c: AccountAdminCommand, s: AccountAdminState): Decision => {
  const by = { accountId: c.accountId, byId: c.byId, at: c.at };
  switch (c.type) {
    case 'CreateAccount':
      if (c.inFile || s.created) return E.left({ kind: 'AccountExists' });
      return E.right([{ type: 'AccountCreated', data: { ...by, name: c.name, version: 1 } }]);
    case 'ChangeAccount': return decideChangeAccount(c, s);
    case 'CreateToken': {
      const { tokenId, userId, name, scopes, sha256, expiresAt } = c.token;
      return E.right([{ type: 'AccessTokenCreated', data: { ...by, tokenId, userId, name, scopes, sha256, expiresAt } }]);
    }
    case 'RevokeToken': return decideRevoke(c, s);
    case 'ChangeSettings': {
      const current = s.sections[c.section] ?? 0;
      if (stale(c.expectedVersion, current)) return E.left({ kind: 'StaleVersion', current });
      return E.right([{ type: 'AccountSettingsChanged', data: { ...by, section: c.section, value: c.value, version: current + 1 } }]);
    }
    default: return E.right([]);
  }
};

export const accountAdminDecider: Decider<AccountAdminCommand, AccountAdminEvent, AccountAdminState, AccountAdminError> = {
  initialState: initialAccountAdminState,
  evolve: evolveAccountAdmin,
  decide: decideAccountAdmin,
};
