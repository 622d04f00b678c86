import { Account } from '../config/account-config';
import { AccountDirectory, AddedToken, buildAccountDirectory } from '../config/account-directory';
import { AccessTokenUsed, AccountAdminEvent } from './account-admin-events';
import { AccountAdminState, evolveAccountAdmin, initialAccountAdminState } from './account-admin-state';

/**
 * Every admin change of the log, folded over every account: what the configuration file's
 * directory becomes with them (`overlayDirectory`). A process keeps one, following the log.
 */
export interface AdminOverlay {
  /** Each account's stream state (versions, tokens, revocations), the file's accounts with changes included. */
  readonly states: Map<string, AccountAdminState>;
  /** Accounts made through the API, in the order made. */
  readonly created: Map<string, { readonly name: string }>;
  readonly names: Map<string, string>;
  readonly sections: Map<string, Record<string, unknown>>;
  readonly tokens: Map<string, AddedToken>;
  readonly revoked: Map<string, string>;
  readonly suspended: Set<string>;
  /** When each token was last used, to the minute (AccessTokenUsed). */
  readonly lastUsed: Map<string, string>;
}

export const emptyAdminOverlay = (): AdminOverlay => ({
  states: new Map(), created: new Map(), names: new Map(), sections: new Map(), tokens: new Map(), revoked: new Map(), suspended: new Set(), lastUsed: new Map(),
});

const applyToDirectory = (o: AdminOverlay, e: AccountAdminEvent): void => {
  const { accountId } = e.data;
  switch (e.type) {
    case 'AccountCreated': o.created.set(accountId, { name: e.data.name }); break;
    case 'AccountRenamed': o.names.set(accountId, e.data.name); break;
    case 'AccountSuspended': o.suspended.add(accountId); break;
    case 'AccountReinstated': o.suspended.delete(accountId); break;
    case 'AccessTokenCreated': o.tokens.set(e.data.tokenId, e.data); break;
    case 'AccessTokenRevoked': o.revoked.set(e.data.tokenId, e.data.at); break;
    case 'AccountSettingsChanged': o.sections.set(accountId, { ...o.sections.get(accountId), [e.data.section]: e.data.value }); break;
    default: break;
  }
};

/** Applies one event (in place: the overlay is its follower's own); true when the directory changes with it. */
export const applyAdminEvent = (o: AdminOverlay, e: AccountAdminEvent | AccessTokenUsed): boolean => {
  if (e.type === 'AccessTokenUsed') {
    o.lastUsed.set(e.data.tokenId, e.data.at);
    return false;
  }
  o.states.set(e.data.accountId, evolveAccountAdmin(o.states.get(e.data.accountId) ?? initialAccountAdminState(), e));
  applyToDirectory(o, e);
  return true;
};

const changed = (o: AdminOverlay, account: Account): Account => ({
  ...account, ...o.sections.get(account.id), ...(o.names.has(account.id) ? { name: o.names.get(account.id)! } : {}),
});

/** The file's directory with the admin changes on top: a new, unchanging snapshot. */
export const overlayDirectory = (file: AccountDirectory, o: AdminOverlay): AccountDirectory => {
  const fileIds = new Set(file.accounts.map((a) => a.id));
  const made = [...o.created].filter(([id]) => !fileIds.has(id)).map(([id, { name }]) => ({ id, name }));
  return buildAccountDirectory(
    { accounts: [...file.accounts, ...made].map((a) => changed(o, a)) },
    { tokens: [...o.tokens.values()], revoked: new Map(o.revoked), suspended: new Set(o.suspended) },
  );
};
