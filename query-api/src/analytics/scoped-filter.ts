import { FieldMatch } from '@support/domain';
import { AdminScope } from '../admin-access';

/**
 * The analyst's conditions within what the scope may read: an account admin's always hold
 * accountId = their account (every read-model document carries its account), so a condition on
 * another account matches nothing (null); the operator's run as given.
 */
export const scopedWhere = (scope: AdminScope, where: FieldMatch): FieldMatch | null => {
  if (scope.kind === 'operator') return where;
  if (where.accountId !== undefined && where.accountId !== scope.accountId) return null;
  return { ...where, accountId: scope.accountId };
};
