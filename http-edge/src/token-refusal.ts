import { requiredScope, TokenCheck } from '@support/domain';
import { HttpProblem, problem } from './problem';

const INVALID_TOKEN = { 'WWW-Authenticate': 'Bearer error="invalid_token"' };

/**
 * Why a presented token may not make this request, as the answer (null: it may): revoked or
 * expired 401, unknown 403 (the spec's "Not authorized"), a suspended account 403, a scope the
 * route needs and the token lacks 403 naming it (docs/api/admin.md, Scopes).
 */
export const tokenRefusal = (checked: TokenCheck, method: string, path: string, invalidTokenMessage: string): HttpProblem | null => {
  switch (checked.kind) {
    case 'unknown': return problem(403, invalidTokenMessage);
    case 'revoked': return problem(401, `The access token "${checked.tokenId}" was revoked: ask the account's admin for a new one`, {}, INVALID_TOKEN);
    case 'expired': return problem(401, `The access token "${checked.tokenId}" has expired: ask the account's admin for a new one`, {}, INVALID_TOKEN);
    case 'suspended': return problem(403, `The account "${checked.accountId}" is suspended: ask the operator to reinstate it`);
    default: {
      const needed = requiredScope(method, path);
      if (checked.principal.scopes.includes(needed)) return null;
      return problem(403, `This access token lacks the scope "${needed}" that ${method} ${path} needs (it has ${checked.principal.scopes.join(', ')}): use a token with that scope`, { requiredScope: needed });
    }
  }
};
