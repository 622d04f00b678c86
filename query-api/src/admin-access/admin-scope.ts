/**
 * Who may use the admin routes (auditors' event feed, analysts' read-model queries), and over what:
 * the operator token sees every account; an account admin's access token sees its own account.
 */
export type AdminScope =
  | { readonly kind: 'operator' }
  | { readonly kind: 'account'; readonly accountId: string };
