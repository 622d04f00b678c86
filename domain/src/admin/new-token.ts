import * as E from 'fp-ts/Either';
import { Account } from '../config/account-config';
import { scopesOfRole, TokenScope } from './token-scopes';

/** Who asks for a token: the operator (holds everything), or an account admin's token. */
export type TokenCreator =
  | { readonly kind: 'operator' }
  | { readonly kind: 'token'; readonly tokenId: string; readonly userId: string | null; readonly scopes: readonly TokenScope[]; readonly expiresAt: string | null };

export interface NewTokenRefusal {
  readonly status: 400 | 403;
  readonly message: string;
}

interface Wanted {
  readonly userId?: string;
  readonly scopes: readonly TokenScope[];
  readonly expiresAt?: string;
}

const refuse = (status: 400 | 403, message: string): E.Either<NewTokenRefusal, never> => E.left({ status, message });

/**
 * What a new token may be: a user of the account, scopes its user's role holds and its creator
 * holds (a token never grants more than its creator), an expiry in the future and, when the
 * creator's token expires, no later than it.
 */
export const checkNewToken = (
  account: Account, creator: TokenCreator, wanted: Wanted, at: Date,
): E.Either<NewTokenRefusal, { readonly userId: string; readonly scopes: readonly TokenScope[]; readonly expiresAt: string | null }> => {
  const userId = wanted.userId ?? (creator.kind === 'token' ? creator.userId : null);
  if (userId === null) return refuse(400, 'userId is required when the operator makes a token: name a user of the account');
  const user = (account.users ?? []).find((u) => u.id === userId);
  if (user === undefined) return refuse(400, `userId "${userId}" is not a user of account "${account.id}": add the user (settings section users) first`);
  const scopes = [...new Set(wanted.scopes)];
  if (scopes.length === 0) return refuse(400, 'scopes must name at least one of read, write, export, webhooks, admin');
  const beyondRole = scopes.filter((s) => !scopesOfRole(user.role).includes(s));
  if (beyondRole.length > 0) return refuse(400, `user "${userId}" is an ${user.role}: its tokens cannot have ${beyondRole.join(', ')} (an ${user.role} holds ${scopesOfRole(user.role).join(', ')})`);
  if (creator.kind === 'token') {
    const beyondCreator = scopes.filter((s) => !creator.scopes.includes(s));
    if (beyondCreator.length > 0) return refuse(403, `a token cannot grant more than its creator holds: yours lacks ${beyondCreator.join(', ')}`);
  }
  if (wanted.expiresAt === undefined) {
    return creator.kind === 'token' && creator.expiresAt !== null ? E.right({ userId, scopes, expiresAt: creator.expiresAt }) : E.right({ userId, scopes, expiresAt: null });
  }
  const expires = Date.parse(wanted.expiresAt);
  if (Number.isNaN(expires) || !/^\d{4}-\d{2}-\d{2}T/.test(wanted.expiresAt)) return refuse(400, `expiresAt must be an ISO 8601 date-time such as 2027-01-31T00:00:00Z, got "${wanted.expiresAt}"`);
  if (expires <= at.getTime()) return refuse(400, `expiresAt must be in the future (now ${at.toISOString()})`);
  if (creator.kind === 'token' && creator.expiresAt !== null && expires > Date.parse(creator.expiresAt)) {
    return refuse(403, `a token cannot outlive its creator: expiresAt must be at or before ${creator.expiresAt}`);
  }
  return E.right({ userId, scopes, expiresAt: new Date(expires).toISOString() });
};
