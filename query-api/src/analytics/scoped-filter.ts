import { FieldMatch } from '@support/domain';
import { AdminScope } from '../admin-access';

/**
 * The analyst's conditions within what the scope may read: an account admin's always hold
 * accountId = their account (every read-model document carries its account); the operator's run as given.
 */
export const scopedWhere = (scope: AdminScope, where: FieldMatch): FieldMatch =>
  scope.kind === 'operator' ? where : { ...where, accountId: scope.accountId };
