import { Webhook } from 'standardwebhooks';

/**
 * The webhook-signature header of Standard Webhooks, made by the standardwebhooks package itself:
 * `v1,<base64 HMAC-SHA256 of "${id}.${timestamp}.${body}">` per secret ("whsec_<base64 key>"),
 * space-separated (two during a rotation). A receiver verifies it with standardwebhooks or Svix's
 * libraries unchanged. Errors never carry a secret.
 */
export const webhookSignature = (secrets: readonly string[], messageId: string, timestamp: Date, body: string): string => {
  if (secrets.length === 0) throw new Error('a webhook needs at least one signing secret');
  return secrets
    .map((secret, i) => {
      let signer: Webhook;
      try {
        signer = new Webhook(secret);
      } catch {
        throw new Error(`webhook signing secret #${i + 1} is not a valid "whsec_<base64>" secret`);
      }
      return signer.sign(messageId, timestamp, body);
    })
    .join(' ');
};

/** webhook-timestamp: the unix time in seconds, as the signature has it. */
export const webhookTimestamp = (timestamp: Date): string => String(Math.floor(timestamp.getTime() / 1_000));
