import * as E from 'fp-ts/Either';
import { Account, ExecuteAction } from '../config/account-config';
import { ActionIdentifier } from '../ports/action-runner';

type ActionLookupProblem =
  | { readonly kind: 'noIdentifier'; readonly message: string }
  | { readonly kind: 'notFound'; readonly message: string };

export const NO_IDENTIFIER_MESSAGE = 'workflowConfigLibraryId or executeActionKey is required';

const given = (s: string | undefined): s is string => typeof s === 'string' && s.trim() !== '';

/** docs/api/records-and-actions.md (execute action): the action of the account with that id, or (when no id is given) that key. */
export const findAction = (account: Account, identifier: ActionIdentifier): E.Either<ActionLookupProblem, ExecuteAction> => {
  const actions = account.executeActions ?? [];
  if (given(identifier.workflowConfigLibraryId)) {
    const id = identifier.workflowConfigLibraryId;
    const found = actions.find((a) => a.id === id);
    return found ? E.right(found) : E.left({ kind: 'notFound', message: `Execute action "${id}" not found: check workflowConfigLibraryId against the actions configured for your account` });
  }
  if (given(identifier.executeActionKey)) {
    const key = identifier.executeActionKey;
    const found = actions.find((a) => a.key === key);
    return found ? E.right(found) : E.left({ kind: 'notFound', message: `Execute action with key "${key}" not found: check executeActionKey against the actions configured for your account` });
  }
  return E.left({ kind: 'noIdentifier', message: NO_IDENTIFIER_MESSAGE });
};
