import { ChatAppFailure } from '@support/domain';

/**
 * What went wrong with a template sync, safe to show the caller: the kind of failure, the HTTP
 * status and the platform's error code. Never the token, and not the platform's raw text.
 */
export const syncFailureReason = (failure: ChatAppFailure): string => {
  const code = failure.httpStatus !== undefined ? ` (HTTP ${failure.httpStatus}${failure.code.startsWith('http_') ? '' : `, platform error code ${failure.code}`})` : '';
  switch (failure.kind) {
    case 'configuration':
      return 'The chat app (WhatsApp) of this account has no businessAccountId: add chatApp.businessAccountId to its configuration';
    case 'timeout':
      return 'The messaging platform did not answer in time; try again later';
    case 'network':
      return 'The messaging platform could not be reached; try again later';
    case 'invalid_response':
      return `The messaging platform's answer could not be read${code}`;
    case 'platform':
      if (failure.httpStatus === 401 || failure.code === '190') return `The messaging platform refused the account's access token${code}; check chatApp.accessToken`;
      if (failure.httpStatus === 403 || failure.code === '200' || failure.code === '10') return `The access token may not read this account's templates${code}; check its permissions`;
      if (failure.retryable) return `The messaging platform is unavailable or busy${code}; try again later`;
      return `The messaging platform refused the template request${code}; check chatApp.businessAccountId and chatApp.apiVersion`;
  }
  return 'The messaging platform could not give the templates';
};
