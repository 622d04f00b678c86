import { SETTINGS_SECTIONS, TOKEN_SCOPES } from '@support/domain';
import { pathParam } from './responses';
import { arrayOf, dateTime, int, mapOf, nullable, oneOfStrings, record, str } from './schema';

/** What the admin routes of both gateways describe alike (docs/api/admin.md). */
export const ADMIN_TAGS = ['Admin'];
export const ACCOUNT_ID_PARAM = pathParam('accountId', 'The account.');
export const SECTION_PARAM = pathParam('section', 'A settings section.', oneOfStrings(Object.keys(SETTINGS_SECTIONS)));
export const TOKEN_SCOPE = oneOfStrings(TOKEN_SCOPES, 'What the token may do (docs/api/admin.md, Scopes).');
const version = int('How many changes it has had (0: as in the configuration file); send it back in If-Match.', { minimum: 0 });

export const accountViewSchema = record({
  id: str(), name: str(), suspended: { type: 'boolean' }, version,
  sections: mapOf(int(undefined, { minimum: 0 }), 'Each settings section\'s version.'),
});

export const sectionViewSchema = record({
  accountId: str(), section: oneOfStrings(Object.keys(SETTINGS_SECTIONS)), version,
  value: { description: 'The section\'s value, as the configuration file\'s key of that name holds it (null: not set).' },
});

export const tokenListingSchema = record({
  id: str(), userId: str(), name: nullable(str()), scopes: arrayOf(TOKEN_SCOPE),
  source: oneOfStrings(['configuration', 'api'], 'Where the token was made: the configuration file (the bootstrap) or this API.'),
  expiresAt: nullable(dateTime()), createdAt: nullable(dateTime()), createdBy: nullable(str('The token id (or "operator") that made it.')),
  revokedAt: nullable(dateTime()), lastUsedAt: nullable(dateTime('To the minute; recorded at most once a minute per token and process.')),
});
