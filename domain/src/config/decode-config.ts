import * as E from 'fp-ts/Either';
import { AccountConfigDocument } from './account-config';
import { checkAccountReferences } from './check-references';
import { formatPath, PathError, reportErrors } from './report-errors';
import { AccountDirectory, buildAccountDirectory } from './account-directory';

/** A configuration problem, worded for the operator: account, path of the bad key, reason. */
interface ConfigProblem {
  readonly accountId: string | null;
  readonly path: string;
  readonly reason: string;
  readonly message: string;
}

const accountIdAt = (raw: unknown, index: number): string | null => {
  const accounts = (raw as { accounts?: unknown } | null)?.accounts;
  const account = Array.isArray(accounts) ? (accounts[index] as { id?: unknown } | undefined) : undefined;
  return typeof account?.id === 'string' ? account.id : null;
};

const toProblem = (raw: unknown, e: PathError): ConfigProblem => {
  const accountIndex = e.path[0] === 'accounts' && typeof e.path[1] === 'number' ? e.path[1] : null;
  const accountId = accountIndex === null ? null : accountIdAt(raw, accountIndex);
  const path = formatPath(e.path) || '(document)';
  const who = accountIndex === null ? 'configuration' : `account "${accountId ?? `#${accountIndex}`}"`;
  return { accountId, path, reason: e.reason, message: `${who}: ${path} ${e.reason}` };
};

/** Decodes and checks a whole configuration document; nothing starts half-configured. */
export const decodeAccountConfig = (raw: unknown): E.Either<ConfigProblem[], AccountDirectory> => {
  const decoded = AccountConfigDocument.decode(raw);
  if (E.isLeft(decoded)) return E.left(reportErrors(decoded.left).map((e) => toProblem(raw, e)));
  const doc = decoded.right;
  const problems: PathError[] = [];
  const seen = new Set<string>();
  doc.accounts.forEach((account, i) => {
    if (seen.has(account.id)) problems.push({ path: ['accounts', i, 'id'], reason: `duplicates account id "${account.id}"` });
    seen.add(account.id);
    problems.push(...checkAccountReferences(account, i));
  });
  const tokenIds = new Set<string>();
  doc.accounts.forEach((account, i) =>
    (account.accessTokens ?? []).forEach((tok, j) => {
      if (tokenIds.has(tok.id)) problems.push({ path: ['accounts', i, 'accessTokens', j, 'id'], reason: `duplicates access token id "${tok.id}" (token ids are unique across accounts)` });
      tokenIds.add(tok.id);
    }),
  );
  if (problems.length > 0) return E.left(problems.map((e) => toProblem(raw, e)));
  return E.right(buildAccountDirectory(doc));
};
