import { createHash, timingSafeEqual } from 'node:crypto';
import { Account, AccountConfigDocument, User } from './account-config';
import { scopesOfRole, TokenScope } from '../admin/token-scopes';
import type { AccessTokenCreated } from '../admin/account-admin-events';

/** Who is calling: resolved from a Bearer access token. */
export interface Principal {
  readonly account: Account;
  readonly accountId: string;
  readonly tokenId: string;
  readonly user: User | null;
  readonly role: 'admin' | 'agent' | null;
  /** What the token may do (docs/api/admin.md, Scopes): a file token, every scope of its user's role. */
  readonly scopes: readonly TokenScope[];
  readonly expiresAt: string | null;
}

/** A presented token, checked: valid, or why not. */
export type TokenCheck =
  | { readonly kind: 'valid'; readonly principal: Principal }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'revoked'; readonly tokenId: string }
  | { readonly kind: 'expired'; readonly tokenId: string }
  | { readonly kind: 'suspended'; readonly accountId: string };

/** A token made through the admin API, as its event has it (its digest only). */
export type AddedToken = AccessTokenCreated['data'];

/** What the admin API added to the configuration file's directory (domain/src/admin/admin-overlay.ts). */
export interface DirectoryAdditions {
  readonly tokens: readonly AddedToken[];
  /** Revoked token ids (the file's and the API's), with when. */
  readonly revoked: ReadonlyMap<string, string>;
  readonly suspended: ReadonlySet<string>;
}

/** A token as the admin API lists it: never the token, nor its digest. */
export interface TokenListing {
  readonly id: string;
  readonly userId: string;
  readonly name: string | null;
  readonly scopes: readonly TokenScope[];
  readonly source: 'configuration' | 'api';
  readonly expiresAt: string | null;
  readonly createdAt: string | null;
  readonly createdBy: string | null;
  readonly revokedAt: string | null;
}

export interface AccountDirectory {
  readonly accounts: readonly Account[];
  account(id: string): Account | undefined;
  /** A presented token: one lookup of its SHA-256 digest, whatever the number of tokens. */
  checkToken(token: string, at: Date): TokenCheck;
  /** The principal of a valid token, or null; without `at` its expiry is not looked at (callers that only identify). */
  principalForToken(token: string, at?: Date): Principal | null;
  /** The account's tokens, the file's and the API's, revoked ones included. */
  tokensOf(accountId: string): readonly TokenListing[];
  isSuspended(accountId: string): boolean;
}

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

interface TokenEntry {
  readonly digest: Buffer;
  readonly accountId: string;
  readonly listing: TokenListing;
}

const NO_ADDITIONS: DirectoryAdditions = { tokens: [], revoked: new Map(), suspended: new Set() };

const fileEntries = (account: Account, revoked: ReadonlyMap<string, string>): TokenEntry[] =>
  (account.accessTokens ?? []).map((tok) => {
    const role = (account.users ?? []).find((u) => u.id === tok.userId)?.role ?? null;
    return {
      digest: tok.sha256 !== undefined ? Buffer.from(tok.sha256, 'hex') : sha256(tok.token ?? ''),
      accountId: account.id,
      listing: {
        id: tok.id, userId: tok.userId, name: null, scopes: scopesOfRole(role), source: 'configuration', expiresAt: null, createdAt: null, createdBy: null,
        revokedAt: revoked.get(tok.id) ?? null,
      },
    };
  });

const addedEntry = (t: AddedToken, revoked: ReadonlyMap<string, string>): TokenEntry => ({
  digest: Buffer.from(t.sha256, 'hex'),
  accountId: t.accountId,
  listing: {
    id: t.tokenId, userId: t.userId, name: t.name, scopes: t.scopes, source: 'api', expiresAt: t.expiresAt, createdAt: t.at, createdBy: t.byId,
    revokedAt: revoked.get(t.tokenId) ?? null,
  },
});

/**
 * The accounts and their tokens. Tokens are found by their SHA-256 digest in a map (a lookup by the
 * digest of what was presented reveals nothing of any stored token), then compared in constant time.
 */
export const buildAccountDirectory = (doc: AccountConfigDocument, additions: DirectoryAdditions = NO_ADDITIONS): AccountDirectory => {
  const byId = new Map(doc.accounts.map((a) => [a.id, a]));
  const entries = [...doc.accounts.flatMap((a) => fileEntries(a, additions.revoked)), ...additions.tokens.map((t) => addedEntry(t, additions.revoked))];
  const byDigest = new Map(entries.map((e) => [e.digest.toString('hex'), e]));
  const byAccount = new Map<string, TokenListing[]>();
  for (const e of entries) {
    const listed = byAccount.get(e.accountId);
    if (listed === undefined) byAccount.set(e.accountId, [e.listing]);
    else listed.push(e.listing);
  }
  const checkToken = (token: string, at?: Date): TokenCheck => {
    const presented = sha256(token);
    const entry = byDigest.get(presented.toString('hex'));
    const account = entry === undefined ? undefined : byId.get(entry.accountId);
    if (entry === undefined || account === undefined || !timingSafeEqual(presented, entry.digest)) return { kind: 'unknown' };
    const { listing } = entry;
    if (listing.revokedAt !== null) return { kind: 'revoked', tokenId: listing.id };
    if (at !== undefined && listing.expiresAt !== null && Date.parse(listing.expiresAt) <= at.getTime()) return { kind: 'expired', tokenId: listing.id };
    if (additions.suspended.has(account.id)) return { kind: 'suspended', accountId: account.id };
    const user = (account.users ?? []).find((u) => u.id === listing.userId) ?? null;
    return {
      kind: 'valid',
      principal: { account, accountId: account.id, tokenId: listing.id, user, role: user?.role ?? null, scopes: listing.scopes, expiresAt: listing.expiresAt },
    };
  };
  return {
    accounts: doc.accounts,
    account: (id) => byId.get(id),
    checkToken,
    principalForToken: (token, at) => {
      const checked = checkToken(token, at);
      return checked.kind === 'valid' ? checked.principal : null;
    },
    tokensOf: (accountId) => byAccount.get(accountId) ?? [],
    isSuspended: (accountId) => additions.suspended.has(accountId),
  };
};
