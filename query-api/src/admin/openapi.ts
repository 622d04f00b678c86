import {
  ACCOUNT_ID_PARAM, accountViewSchema, ADMIN_TAGS, answer, arrayOf, errorAnswer, operation, Paths, record, SECTION_PARAM, sectionViewSchema, tokenListingSchema,
} from '@support/http-edge';

const notFound = errorAnswer('No such account, or no such settings section.');

/** The admin API's reads, for the OpenAPI document (docs/api/admin.md). */
export const adminQueryPaths: Paths = {
  '/apis/admin/accounts/{accountId}': {
    get: operation({ operationId: 'getAccount', summary: 'An account with its version and each settings section\'s version', tags: ADMIN_TAGS, parameters: [ACCOUNT_ID_PARAM] }, { auth: 'admin' }, {
      '200': answer('The account (ETag: its version).', accountViewSchema), '404': notFound,
    }),
  },
  '/apis/admin/accounts/{accountId}/settings/{section}': {
    get: operation({ operationId: 'getAccountSettings', summary: 'A settings section with its version', tags: ADMIN_TAGS, parameters: [ACCOUNT_ID_PARAM, SECTION_PARAM] }, { auth: 'admin' }, {
      '200': answer('The section (ETag: its version).', sectionViewSchema), '404': notFound,
    }),
  },
  '/apis/admin/accounts/{accountId}/tokens': {
    get: operation({ operationId: 'listAccessTokens', summary: 'The account\'s tokens (never a token or its digest)', tags: ADMIN_TAGS, parameters: [ACCOUNT_ID_PARAM] }, { auth: 'admin' }, {
      '200': answer('The configuration file\'s tokens and those made through the API, revoked ones included.', record({ data: arrayOf(tokenListingSchema) })), '404': notFound,
    }),
  },
};
