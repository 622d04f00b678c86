import { DomainEvent } from '../shared/decider';
import { TokenScope } from './token-scopes';

/**
 * The admin changes of an account (docs/api/admin.md): one stream per account, `account_admin-<id>`,
 * so every change is in the log, its Merkle tree and the admin event feed. Who (`byId`: the token
 * id of the caller, or `operator`), when (`at`) and what; a token only as its SHA-256 digest.
 */
export const ACCOUNT_ADMIN_STREAM_PREFIX = 'account_admin-';
export const accountAdminStream = (accountId: string): string => `${ACCOUNT_ADMIN_STREAM_PREFIX}${accountId}`;

/** When tokens were last used (at most once a minute per token and process): one stream per account. */
export const TOKEN_USE_STREAM_PREFIX = 'access_token_use-';
export const tokenUseStream = (accountId: string): string => `${TOKEN_USE_STREAM_PREFIX}${accountId}`;

/** Who made an admin change when it was the OPERATOR_TOKEN. */
export const OPERATOR_ID = 'operator';

interface Change {
  readonly accountId: string;
  readonly byId: string;
  readonly at: string;
}

export type AccountCreated = DomainEvent<'AccountCreated', Change & { readonly name: string; readonly version: number }>;
export type AccountRenamed = DomainEvent<'AccountRenamed', Change & { readonly name: string; readonly version: number }>;
export type AccountSuspended = DomainEvent<'AccountSuspended', Change & { readonly version: number }>;
export type AccountReinstated = DomainEvent<'AccountReinstated', Change & { readonly version: number }>;

export type AccessTokenCreated = DomainEvent<'AccessTokenCreated', Change & {
  readonly tokenId: string;
  readonly userId: string;
  readonly name: string | null;
  readonly scopes: readonly TokenScope[];
  /** Hex SHA-256 digest of the token: the token itself is shown once, in the answer, and kept nowhere. */
  readonly sha256: string;
  readonly expiresAt: string | null;
}>;

export type AccessTokenRevoked = DomainEvent<'AccessTokenRevoked', Change & { readonly tokenId: string }>;

/** A settings section replaced as a whole, validated as the start-up configuration is. */
export type AccountSettingsChanged = DomainEvent<'AccountSettingsChanged', Change & {
  readonly section: string;
  readonly value: unknown;
  readonly version: number;
}>;

export type AccountAdminEvent =
  | AccountCreated | AccountRenamed | AccountSuspended | AccountReinstated | AccessTokenCreated | AccessTokenRevoked | AccountSettingsChanged;

export type AccessTokenUsed = DomainEvent<'AccessTokenUsed', { readonly accountId: string; readonly tokenId: string; readonly at: string }>;

const ADMIN_TYPES = new Set<string>(['AccountCreated', 'AccountRenamed', 'AccountSuspended', 'AccountReinstated', 'AccessTokenCreated', 'AccessTokenRevoked', 'AccountSettingsChanged']);

export const isAccountAdminEvent = (e: DomainEvent): e is AccountAdminEvent => ADMIN_TYPES.has(e.type);
