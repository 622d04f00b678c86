import {
  ACCOUNT_ID_PARAM, accountViewSchema, ADMIN_TAGS, answer, bool, dateTime, errorAnswer, jsonRequestBody, listOf, nullable, object, operation, pathParam, Paths, record, SECTION_PARAM,
  sectionViewSchema, str, text, TEXT_MAX, TOKEN_SCOPE,
} from '@support/http-edge';

const TAGS = ADMIN_TAGS;
const IF_MATCH = {
  name: 'If-Match', in: 'header', required: false, description: 'The version read (the ETag of the GET, e.g. "3"); this or expectedVersion in the body is required.', schema: { type: 'string', maxLength: 40 },
};
const version = { expectedVersion: { type: 'integer', minimum: 0, description: 'The version read, instead of If-Match.' } };
const guards = { auth: 'admin', jsonBody: true } as const;
const noAccount = errorAnswer('No such account (or token).');
const versioned = {
  '409': errorAnswer('The account exists already, or the last admin token of an account tried to revoke itself.'),
  '412': errorAnswer('The version sent is not the current one (currentVersion): read again, then change.'),
  '428': errorAnswer('Neither If-Match nor expectedVersion was sent.'),
};

/** The admin API's changes, for the OpenAPI document (docs/api/admin.md). */
export const adminCommandPaths: Paths = {
  '/apis/admin/accounts': {
    post: operation({
      operationId: 'createAccount', summary: 'Make an account (the operator)', tags: TAGS,
      requestBody: jsonRequestBody(object({ id: text(63, 'Lower-case letters, digits, "-" and "_".'), name: text(200) }, ['id', 'name'], { closed: true }), true, { id: 'initech', name: 'Initech' }),
    }, guards, { '201': answer('The account.', accountViewSchema), ...versioned }),
  },
  '/apis/admin/accounts/{accountId}': {
    patch: operation({
      operationId: 'changeAccount', summary: 'Rename, suspend or reinstate an account (the operator)', tags: TAGS, parameters: [ACCOUNT_ID_PARAM, IF_MATCH],
      requestBody: jsonRequestBody(object({ name: text(200), suspended: bool(), ...version }, [], { closed: true }), true, { suspended: true }),
    }, guards, { '200': answer('The account as changed.', accountViewSchema), '404': noAccount, ...versioned }),
  },
  '/apis/admin/accounts/{accountId}/settings/{section}': {
    put: operation({
      operationId: 'changeAccountSettings', summary: 'Replace a settings section, validated as the configuration file is', tags: TAGS, parameters: [ACCOUNT_ID_PARAM, SECTION_PARAM, IF_MATCH],
      requestBody: jsonRequestBody(object({ value: { description: 'The section\'s new value, as the configuration file would hold it.' }, ...version }, ['value'], { closed: true }), true, {
        value: [{ label: 'First Response', metric: 'firstResponse', targetMinutes: 30 }], expectedVersion: 0,
      }),
    }, guards, { '200': answer('The section with its new version.', sectionViewSchema), '404': noAccount, ...versioned }),
  },
  '/apis/admin/accounts/{accountId}/tokens': {
    post: operation({
      operationId: 'createAccessToken', summary: 'Make an access token (shown once)', tags: TAGS, parameters: [ACCOUNT_ID_PARAM],
      requestBody: jsonRequestBody(object({
        scopes: listOf(TOKEN_SCOPE, 5), userId: text(200, 'Default: the creator\'s own user.'), name: text(200), expiresAt: text(TEXT_MAX.timestamp, 'Optional; an ISO 8601 date-time in the future.', { format: 'date-time' }),
      }, ['scopes'], { closed: true }), true, { scopes: ['read', 'write'], userId: 'u-agent', name: 'Ben, desk' }),
    }, guards, {
      '201': answer('The token: `token` is shown here only, and kept as its SHA-256 digest.', record({
        id: str(), token: str('The bearer token; shown once.'), userId: str(), name: nullable(str()), scopes: { type: 'array', items: TOKEN_SCOPE }, expiresAt: nullable(dateTime()), createdAt: dateTime(),
      })),
      '404': noAccount,
    }),
  },
  '/apis/admin/accounts/{accountId}/tokens/{tokenId}': {
    delete: operation({
      operationId: 'revokeAccessToken', summary: 'Revoke a token at once (the file\'s too)', tags: TAGS, parameters: [ACCOUNT_ID_PARAM, pathParam('tokenId', 'The token id.')],
    }, { auth: 'admin' }, {
      '200': answer('Revoked.', record({ id: str(), revoked: bool(), revokedAt: nullable(dateTime()) })), '404': noAccount,
      '409': errorAnswer('The last admin token of the account tried to revoke itself.'),
    }),
  },
};
