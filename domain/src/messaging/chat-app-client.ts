import * as E from 'fp-ts/Either';
import { ChatApp } from '../config/account-config';
import { MessageDeliveryError } from './message-events';
import { TemplateToSend } from './send-request';

/** A failed call to the chat app, with whether trying again later may help (429, 5xx, no answer). */
export interface ChatAppFailure extends MessageDeliveryError {
  readonly retryable: boolean;
  /** The platform's Retry-After, when it sent one. */
  readonly retryAfterMs?: number;
  /** HTTP calls made (the client retries 429 and 5xx a few times itself). */
  readonly calls: number;
}

export interface TemplateList {
  /** Every template of every page, as the platform gave them. */
  readonly items: readonly unknown[];
  readonly pages: number;
}

export interface OutgoingTemplateMessage {
  /** E.164. */
  readonly to: string;
  readonly template: TemplateToSend;
}

export interface SentMessage {
  /** messages[0].id of the platform's answer. */
  readonly platformMessageId: string | null;
  readonly calls: number;
}

/** Port of the messaging platform (WhatsApp Cloud API): template list and template send. */
export interface ChatAppClient {
  listTemplates(chatApp: ChatApp): Promise<E.Either<ChatAppFailure, TemplateList>>;
  sendTemplate(chatApp: ChatApp, message: OutgoingTemplateMessage): Promise<E.Either<ChatAppFailure, SentMessage>>;
}

/** Builds a client over an HTTP fetch (the composition root passes deps.fetch; tests a fake's). */
export type ChatAppClientFactory = (fetchImpl: typeof fetch) => ChatAppClient;
