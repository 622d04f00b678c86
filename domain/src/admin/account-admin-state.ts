import { AccountAdminEvent } from './account-admin-events';
import { TokenScope } from './token-scopes';

/** A token made through the API, as its account's stream holds it (never the token: its digest is in the event only). */
export interface ApiToken {
  readonly tokenId: string;
  readonly userId: string;
  readonly scopes: readonly TokenScope[];
  readonly expiresAt: string | null;
}

/** What an account's admin stream says, all a decision on it needs. */
export interface AccountAdminState {
  /** Made through the API (an account of the configuration file is there without it). */
  readonly created: boolean;
  /** Changes of the account itself (made, renamed, suspended, reinstated): 0 for the file's account as it is. */
  readonly version: number;
  readonly suspended: boolean;
  /** Per section, how many times it was changed: 0 for the file's value. */
  readonly sections: Readonly<Record<string, number>>;
  readonly tokens: readonly ApiToken[];
  /** Ids of the revoked tokens, the file's and the API's. */
  readonly revoked: readonly string[];
}

export const initialAccountAdminState = (): AccountAdminState => ({ created: false, version: 0, suspended: false, sections: {}, tokens: [], revoked: [] });

export const evolveAccountAdmin = (s: AccountAdminState, e: AccountAdminEvent): AccountAdminState => {
  switch (e.type) {
    case 'AccountCreated': return { ...s, created: true, version: e.data.version };
    case 'AccountRenamed': return { ...s, version: e.data.version };
    case 'AccountSuspended': return { ...s, suspended: true, version: e.data.version };
    case 'AccountReinstated': return { ...s, suspended: false, version: e.data.version };
    case 'AccessTokenCreated': {
      const { tokenId, userId, scopes, expiresAt } = e.data;
      return { ...s, tokens: [...s.tokens, { tokenId, userId, scopes, expiresAt }] };
    }
    case 'AccessTokenRevoked': return { ...s, revoked: [...s.revoked, e.data.tokenId] };
    case 'AccountSettingsChanged': return { ...s, sections: { ...s.sections, [e.data.section]: e.data.version } };
    default: return s;
  }
};
