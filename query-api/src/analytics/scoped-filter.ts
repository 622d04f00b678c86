import { Filter } from '@support/domain';
import { AdminScope } from '../admin-access';

/**
 * The analyst's filter within what the scope may read: an account admin's filter is joined with
 * { accountId } (every read model document carries its account), the operator's runs as given.
 */
export const scopedFilter = (scope: AdminScope, filter: Filter): Filter =>
  scope.kind === 'operator' ? filter : Object.keys(filter).length === 0 ? { accountId: scope.accountId } : { $and: [{ accountId: scope.accountId }, filter] };
