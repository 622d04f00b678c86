import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The webhook-signature header of Standard Webhooks: `v1,<base64 HMAC-SHA256 of
 * "${id}.${timestamp}.${body}">` per secret ("whsec_<base64 key>"), space-separated (two during a
 * rotation). Made with node:crypto (the standardwebhooks package computes it in JavaScript, several
 * times slower); a receiver verifies it with standardwebhooks or Svix's libraries unchanged, as the
 * tests do. Errors never carry a secret.
 */
export const webhookSignature = (secrets: readonly string[], messageId: string, timestamp: Date, body: string): string => {
  if (secrets.length === 0) throw new Error('a webhook needs at least one signing secret');
  const signed = `${messageId}.${webhookTimestamp(timestamp)}.${body}`;
  return secrets
    .map((secret, i) => {
      const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
      if (!BASE64.test(encoded)) throw new Error(`webhook signing secret #${i + 1} is not a valid "whsec_<base64>" secret`);
      return `v1,${createHmac('sha256', Buffer.from(encoded, 'base64')).update(signed).digest('base64')}`;
    })
    .join(' ');
};

/** webhook-timestamp: the unix time in seconds, as the signature has it. */
export const webhookTimestamp = (timestamp: Date): string => String(Math.floor(timestamp.getTime() / 1_000));
