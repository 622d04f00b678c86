import { AccountDirectory, Logger } from '@support/domain';

/**
 * The configuration file's tokens stay the bootstrap, but a token written in plain text is only as
 * safe as the file's permissions: the start warns, naming each account and token id (never the
 * token), and says what to write instead (docs/operations.md, Tokens).
 */
export const warnOfPlainTextTokens = (directory: AccountDirectory, logger: Logger): void => {
  const plain = directory.accounts.flatMap((a) => (a.accessTokens ?? []).filter((t) => t.token !== undefined).map((t) => `${a.id}/${t.id}`));
  if (plain.length === 0) return;
  logger.warn('CONFIG_FILE holds access tokens in plain text: replace each "token" with "sha256" (its hex SHA-256 digest), or revoke it and make tokens through the admin API', {
    tokens: plain,
  });
};
