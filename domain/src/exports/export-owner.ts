import { Principal } from '../config/account-directory';

/**
 * Who owns an export: the account's user behind the token, so the same user may poll with any of
 * their tokens (docs/api/exports.md, Poll: another user's job is not found); a token without a user owns its exports alone.
 */
export const exportOwnerOf = (principal: Principal): string => (principal.user ? `user:${principal.user.id}` : `token:${principal.tokenId}`);
