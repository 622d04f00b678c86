import * as E from 'fp-ts/Either';
import { Account } from '../config/account-config';
import { checkAccountReferences } from '../config/check-references';
import { formatPath, PathError, reportErrors } from '../config/report-errors';
import { isSettingsSection, SETTINGS_SECTIONS, sectionCodec, SettingsSection } from './settings-sections';
import { unknownKeys } from './unknown-keys';

/** Why a settings change is refused: the section, and each problem with the path of the bad key. */
export interface InvalidSettings {
  readonly kind: 'InvalidSettings';
  readonly problems: readonly string[];
  readonly message: string;
}

const invalid = (problems: readonly string[]): InvalidSettings => ({
  kind: 'InvalidSettings', problems, message: `${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : ''}`,
});

const worded = (e: PathError): string => `${formatPath(e.path)} ${e.reason}`;

/** The start-up configuration's path of an account (accounts[0].tasks[1]) without its first two keys. */
const withinAccount = (e: PathError): PathError => ({ ...e, path: e.path.slice(2) });

/**
 * A section's new value checked with the rules of the start-up configuration (its codec, no key it
 * does not declare, and the references within the account: a task's team, data points, actions, a
 * token's user, ...), over the account as it is with that section replaced. `tokenUserIds` are the
 * users holding tokens made through the API, which must stay users of the account.
 */
export const validateSettings = (
  account: Account, section: string, value: unknown, tokenUserIds: readonly string[] = [],
): E.Either<InvalidSettings, { readonly section: SettingsSection; readonly account: Account }> => {
  if (!isSettingsSection(section)) return E.left(invalid([`"${section}" is not a settings section: use one of ${Object.keys(SETTINGS_SECTIONS).join(', ')}`]));
  const codec = sectionCodec(section);
  const decoded = codec.decode(value);
  if (E.isLeft(decoded)) return E.left(invalid(reportErrors(decoded.left).map((e) => worded({ ...e, path: [section, ...e.path] }))));
  const unknown = unknownKeys(codec, value, [section]);
  if (unknown.length > 0) return E.left(invalid(unknown.map(worded)));
  const candidate: Account = { ...account, [section]: decoded.right };
  const problems = checkAccountReferences(candidate, 0).map(withinAccount).map(worded);
  const users = new Set((candidate.users ?? []).map((u) => u.id));
  const orphans = [...new Set(tokenUserIds)].filter((id) => !users.has(id));
  if (section === 'users' && orphans.length > 0) problems.push(`users must keep every user holding an access token (revoke their tokens first): ${orphans.join(', ')}`);
  return problems.length > 0 ? E.left(invalid(problems)) : E.right({ section, account: candidate });
};
