import * as E from 'fp-ts/Either';
import { backoffDelayMs, BackoffPolicy, ChatApp, ChatAppClient, ChatAppFailure, OutgoingTemplateMessage, SentMessage, TemplateList } from '@support/domain';
import { sleep } from '@support/event-sourcing';
import { invalidResponse } from './platform-failure';
import { ChatAppRetrySettings, retryingCall } from './retrying-call';

interface WhatsAppCloudOptions extends Partial<ChatAppRetrySettings> {
  /** Templates asked for per page (the platform may answer fewer). */
  readonly pageSize?: number;
  /** Pages followed at most; a list that goes on longer is reported as an invalid answer. */
  readonly maxPages?: number;
}

/** Template fields asked for: those of docs/api/chat-app.md that Meta keeps on a template (namespace belongs to the WABA). */
const TEMPLATE_FIELDS = 'name,language,status,category,parameter_format,components';

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);
const trimSlash = (s: string) => s.replace(/\/+$/, '');

/** 250 ms, 500 ms, ... spread ±25 % so that many workers do not retry in step. */
const CLOUD_API_RETRY: BackoffPolicy = { firstMs: 250, maxMs: 8_000, spread: [0.75, 1.25] };

const DEFAULT_CHAT_APP_RETRY: ChatAppRetrySettings = {
  maxCalls: 3,
  timeoutMs: 10_000,
  backoffMs: (call) => backoffDelayMs(call, CLOUD_API_RETRY),
  maxInlineWaitMs: 5_000,
  sleep,
};

/**
 * WhatsApp Cloud API client (Meta's documented shapes; operator contract "External systems"):
 * GET {apiBaseUrl}/{apiVersion}/{businessAccountId}/message_templates following paging.next,
 * POST {apiBaseUrl}/{apiVersion}/{phoneNumberId}/messages, both with Authorization: Bearer.
 */
export const whatsAppCloudClient = (fetchImpl: typeof fetch, options: WhatsAppCloudOptions = {}): ChatAppClient => {
  const settings: ChatAppRetrySettings = { ...DEFAULT_CHAT_APP_RETRY, ...options };
  const pageSize = options.pageSize ?? 100;
  const maxPages = options.maxPages ?? 100;
  const base = (chatApp: ChatApp) => `${trimSlash(chatApp.apiBaseUrl)}/${encodeURIComponent(chatApp.apiVersion)}`;

  /**
   * paging.next is followed only on the configured platform's origin (the token is never sent
   * elsewhere); otherwise the `after` cursor is applied to our own URL.
   */
  const nextPageUrl = (chatApp: ChatApp, first: string, paging: unknown): string | null => {
    if (!isRecord(paging)) return null;
    if (typeof paging.next !== 'string' || paging.next === '') return null;
    try {
      if (new URL(paging.next).origin === new URL(chatApp.apiBaseUrl).origin) return paging.next;
    } catch {
      // not a URL: fall back to the cursor
    }
    const after = isRecord(paging.cursors) && typeof paging.cursors.after === 'string' ? paging.cursors.after : null;
    return after ? `${first}&after=${encodeURIComponent(after)}` : null;
  };

  const listTemplates = async (chatApp: ChatApp): Promise<E.Either<ChatAppFailure, TemplateList>> => {
    if (!chatApp.businessAccountId) {
      return E.left({ kind: 'configuration', code: 'configuration', message: 'The chat app has no businessAccountId configured', retryable: false, calls: 0 });
    }
    const first = `${base(chatApp)}/${encodeURIComponent(chatApp.businessAccountId)}/message_templates?fields=${TEMPLATE_FIELDS}&limit=${pageSize}`;
    const items: unknown[] = [];
    const seen = new Set<string>();
    let calls = 0;
    let url: string | null = first;
    while (url !== null) {
      if (seen.size >= maxPages || seen.has(url)) {
        return E.left(invalidResponse(`The template list did not end after ${seen.size} pages`, calls, 200));
      }
      seen.add(url);
      const answer = await retryingCall(fetchImpl, url, { method: 'GET', accessToken: chatApp.accessToken }, settings);
      if (E.isLeft(answer)) return E.left({ ...answer.left, calls: calls + answer.left.calls });
      calls += answer.right.calls;
      const body = answer.right.body;
      if (!isRecord(body) || !Array.isArray(body.data)) {
        return E.left(invalidResponse('The template list answer has no data list', calls, answer.right.status));
      }
      items.push(...body.data);
      url = nextPageUrl(chatApp, first, body.paging);
    }
    return E.right({ items, pages: seen.size });
  };

  const sendTemplate = async (chatApp: ChatApp, message: OutgoingTemplateMessage): Promise<E.Either<ChatAppFailure, SentMessage>> => {
    if (!chatApp.phoneNumberId) {
      return E.left({ kind: 'configuration', code: 'configuration', message: 'The chat app has no phoneNumberId configured', retryable: false, calls: 0 });
    }
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.to,
      type: 'template',
      template: {
        name: message.template.name,
        language: { code: message.template.language.code },
        ...(message.template.components.length > 0 ? { components: message.template.components } : {}),
      },
    };
    const url = `${base(chatApp)}/${encodeURIComponent(chatApp.phoneNumberId)}/messages`;
    const answer = await retryingCall(fetchImpl, url, { method: 'POST', accessToken: chatApp.accessToken, body }, settings);
    if (E.isLeft(answer)) return answer;
    const messages = isRecord(answer.right.body) ? answer.right.body.messages : undefined;
    const first = Array.isArray(messages) && isRecord(messages[0]) ? messages[0] : undefined;
    // A 2xx means the platform took the message; an answer without an id is still not a failure to resend.
    return E.right({ platformMessageId: typeof first?.id === 'string' ? first.id : null, calls: answer.right.calls });
  };

  return { listTemplates, sendTemplate };
};
