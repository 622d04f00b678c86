import * as t from 'io-ts';

/**
 * What an access token may do (docs/api/admin.md, Scopes). Each route group needs one
 * (`requiredScope`): reading, changing tickets and records, exports, webhook subscriptions, and
 * the admin routes (tokens, settings, the auditors' feed, erasure).
 */
export const TokenScope = t.keyof({ read: null, write: null, export: null, webhooks: null, admin: null });
export type TokenScope = t.TypeOf<typeof TokenScope>;

export const TOKEN_SCOPES: readonly TokenScope[] = ['read', 'write', 'export', 'webhooks', 'admin'];

/** What an agent may do: read, write and export; webhooks and admin are the account admin's. */
const AGENT_SCOPES: readonly TokenScope[] = ['read', 'write', 'export'];

/** The scopes a user's role holds: a token of the configuration file has them all, a token made through the API at most them. */
export const scopesOfRole = (role: 'admin' | 'agent' | null): readonly TokenScope[] => (role === 'admin' ? TOKEN_SCOPES : AGENT_SCOPES);
