import { createHmac, timingSafeEqual } from 'node:crypto';
import * as E from 'fp-ts/Either';
import type { MessageReceipt } from './message-decider';
import type { MessageDeliveryError } from './message-events';

/**
 * The WhatsApp Cloud API's status webhook (delivery receipts): Meta POSTs
 * `{ object: "whatsapp_business_account", entry: [{ changes: [{ value: { metadata: { phone_number_id },
 * statuses: [{ id, status, timestamp, errors }] } }] }] }`, signed with the Meta app's secret
 * (X-Hub-Signature-256: `sha256=<hex HMAC-SHA256 of the raw body>`).
 */

/** One receipt of the body, with the phone number it was sent from (which names the account). */
export interface StatusReport {
  readonly phoneNumberId: string;
  readonly receipt: MessageReceipt;
}

/** What a status webhook body holds: the phone numbers it names (whose accounts' secrets must have signed it) and its receipts. */
interface StatusWebhook {
  readonly phoneNumberIds: readonly string[];
  readonly reports: readonly StatusReport[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);

/** Whether `header` is the app secret's signature of the raw body (constant time). */
export const isSignedByApp = (appSecret: string, rawBody: string, header: string | undefined): boolean => {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (match === null) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
};

const receiptError = (status: Json): MessageDeliveryError => {
  const first = list(status.errors).find(isObject);
  if (first === undefined) return { kind: 'platform', code: 'unknown', message: 'the platform reported the message failed' };
  const details = isObject(first.error_data) && typeof first.error_data.details === 'string' ? first.error_data.details : undefined;
  return {
    kind: 'platform',
    code: first.code === undefined ? 'unknown' : String(first.code),
    message: typeof first.message === 'string' ? first.message : typeof first.title === 'string' ? first.title : 'the platform reported the message failed',
    ...(details !== undefined ? { details } : {}),
  };
};

const RECEIPT_STATUSES = new Set(['delivered', 'read', 'failed']);

/**
 * The phone numbers and receipts of a status webhook body; a body that is not one is a Left saying what is wrong.
 * Statuses other than delivered, read and failed (sent: the send's answer said so already) are
 * left out, as are the other fields Meta sends (messages received, for instance).
 */
export const statusWebhook = (body: unknown): E.Either<string, StatusWebhook> => {
  if (!isObject(body) || body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry)) {
    return E.left('not a WhatsApp Business Account webhook: expected {"object": "whatsapp_business_account", "entry": [...]}');
  }
  const phoneNumberIds = new Set<string>();
  const reports: StatusReport[] = [];
  for (const change of body.entry.flatMap((entry) => (isObject(entry) ? list(entry.changes) : []))) {
    if (!isObject(change) || !isObject(change.value) || !isObject(change.value.metadata)) continue;
    const phoneNumberId = change.value.metadata.phone_number_id;
    if (typeof phoneNumberId !== 'string' || phoneNumberId === '') continue;
    phoneNumberIds.add(phoneNumberId);
    for (const status of list(change.value.statuses)) {
      if (!isObject(status) || typeof status.id !== 'string' || typeof status.status !== 'string' || !RECEIPT_STATUSES.has(status.status)) continue;
      const seconds = Number(status.timestamp);
      if (!Number.isFinite(seconds) || seconds <= 0) return E.left(`status ${status.id}: timestamp must be unix seconds, got ${JSON.stringify(status.timestamp)}`);
      reports.push({
        phoneNumberId,
        receipt: { platformMessageId: status.id, status: status.status as MessageReceipt['status'], at: new Date(seconds * 1000), error: status.status === 'failed' ? receiptError(status) : null },
      });
    }
  }
  return E.right({ phoneNumberIds: [...phoneNumberIds], reports });
};
