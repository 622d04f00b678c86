import * as t from 'io-ts';
import { NonEmptyString } from '../config/refinements';
import { strictObject } from '../shared/strict';
import { TokenScope } from './token-scopes';

/** POST /apis/admin/accounts/{accountId}/tokens */
export const CreateTokenRequest = strictObject('CreateTokenRequest', { scopes: t.array(TokenScope) }, {
  /** Default: the creator's own user (the operator names one). */
  userId: NonEmptyString,
  name: t.string,
  /** ISO 8601 date-time in the future. */
  expiresAt: t.string,
});
export type CreateTokenRequest = t.TypeOf<typeof CreateTokenRequest>;

/** POST /apis/admin/accounts */
export const CreateAccountRequest = strictObject('CreateAccountRequest', { id: NonEmptyString, name: NonEmptyString }, {});

/** PATCH /apis/admin/accounts/{accountId} */
export const ChangeAccountRequest = strictObject('ChangeAccountRequest', {}, { name: NonEmptyString, suspended: t.boolean, expectedVersion: t.number });

/** PUT /apis/admin/accounts/{accountId}/settings/{section} */
export const ChangeSettingsRequest = strictObject('ChangeSettingsRequest', { value: t.unknown }, { expectedVersion: t.number });

/** Account ids: what stream names and URLs carry safely. */
export const ACCOUNT_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;
