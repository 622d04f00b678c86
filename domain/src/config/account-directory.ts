import { createHash, timingSafeEqual } from 'node:crypto';
import { Account, AccountConfigDocument, User } from './account-config';

/** Who is calling: resolved from a Bearer access token. */
export interface Principal {
  readonly account: Account;
  readonly accountId: string;
  readonly tokenId: string;
  readonly user: User | null;
  readonly role: 'admin' | 'agent' | null;
}

export interface AccountDirectory {
  readonly accounts: readonly Account[];
  account(id: string): Account | undefined;
  /** The principal of a presented token, or null. Every configured digest is compared, in constant time. */
  principalForToken(token: string): Principal | null;
}

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

interface TokenEntry {
  readonly digest: Buffer;
  readonly principal: Principal;
}

export const buildAccountDirectory = (doc: AccountConfigDocument): AccountDirectory => {
  const byId = new Map(doc.accounts.map((a) => [a.id, a]));
  const entries: TokenEntry[] = doc.accounts.flatMap((account) =>
    (account.accessTokens ?? []).map((tok) => {
      const user = (account.users ?? []).find((u) => u.id === tok.userId) ?? null;
      const digest = tok.sha256 !== undefined ? Buffer.from(tok.sha256, 'hex') : sha256(tok.token ?? '');
      return { digest, principal: { account, accountId: account.id, tokenId: tok.id, user, role: user?.role ?? null } };
    }),
  );
  return {
    accounts: doc.accounts,
    account: (id) => byId.get(id),
    principalForToken: (token) => {
      const presented = sha256(token);
      let found: Principal | null = null;
      for (const entry of entries) {
        // No early exit: every entry is compared so timing does not depend on which one matched.
        if (timingSafeEqual(presented, entry.digest) && found === null) found = entry.principal;
      }
      return found;
    },
  };
};
