/**
 * Who may use the admin routes (auditors' event feed, analysts' read-model queries), and over what:
 * the operator token sees every account; an account admin's access token sees its own account.
 */
export type AdminScope =
  | { readonly kind: 'operator' }
  | { readonly kind: 'account'; readonly accountId: string };

/** The token id the operator token is known by in logs and event metadata (never the token). */
export const OPERATOR_TOKEN_ID = 'operator';

/** Whether a scope may read what belongs to this account. */
export const scopeCovers = (scope: AdminScope, accountId: string | undefined): boolean =>
  scope.kind === 'operator' || (accountId !== undefined && scope.accountId === accountId);
