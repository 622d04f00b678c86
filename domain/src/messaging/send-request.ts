import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import * as t from 'io-ts';
import { Account } from '../config/account-config';
import { normalizePhone, PhoneE164 } from '../customers/contact';
import { strictObject } from '../shared/strict';
import { invalidPhone, invalidTemplate, noSenderPhone, SendFailure } from './send-failure';
import { TemplateComponent } from './template';

const BoundedText = (name: string, max: number) =>
  new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && u.length > 0 && u.length <= max,
    (u, c) => (typeof u === 'string' && u.length > 0 && u.length <= max ? t.success(u) : t.failure(u, c, `must be a non-empty string of at most ${max} characters`)),
    t.identity,
  );

/**
 * The body of POST /apis/chatapp/template-send (docs/api/chat-app.md, Send): no other top-level keys. `to` and
 * `template` are checked afterwards so that their problems answer the spec's failure codes.
 */
export const TemplateSendRequest = strictObject(
  'TemplateSendRequest',
  {},
  { to: t.unknown, template: t.unknown, campaign: BoundedText('campaign', 256), msg_id: BoundedText('msg_id', 256), from: BoundedText('from', 64) },
);
export type TemplateSendRequest = t.TypeOf<typeof TemplateSendRequest>;

/** The template part of a message as it is sent (Cloud API: name, language { code }, components). */
export interface TemplateToSend {
  readonly name: string;
  readonly language: { readonly code: string };
  readonly components: readonly TemplateComponent[];
  readonly namespace?: string;
}

/** A template send that passed every check: ready to be queued. */
export interface ValidTemplateSend {
  readonly to: PhoneE164;
  readonly template: TemplateToSend;
  readonly campaign?: string;
  readonly msgId?: string;
  readonly from?: string;
}

/** Meta's rule for template names: lower-case letters, digits and underscores, at most 512 characters. */
const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
const LANGUAGE_CODE = /^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,4})?$/;

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

export interface TemplateShape {
  readonly name: string;
  readonly languageCode?: string;
  readonly namespace?: string;
  readonly components: readonly TemplateComponent[];
}

const checkParameters = (where: string, parameters: unknown): string | null => {
  if (parameters === undefined) return null;
  if (!Array.isArray(parameters)) return `${where}.parameters must be a list`;
  for (const [j, p] of parameters.entries()) {
    if (!isRecord(p) || typeof p.type !== 'string' || p.type === '') return `${where}.parameters[${j}] must be an object with a type`;
    if (p.type === 'text' && typeof p.text !== 'string') return `${where}.parameters[${j}] of type text needs a text string`;
    if (p.parameter_name !== undefined && typeof p.parameter_name !== 'string') return `${where}.parameters[${j}].parameter_name must be a string`;
  }
  return null;
};

/** template.name, template.language, template.components: the shape the platform can take (7001 otherwise). */
const checkTemplateShape = (template: unknown): E.Either<SendFailure, TemplateShape> => {
  if (!isRecord(template)) return E.left(invalidTemplate('template must be an object with at least a name'));
  const { name, language, namespace, components } = template;
  if (typeof name !== 'string' || name === '') return E.left(invalidTemplate('template.name is required'));
  if (!TEMPLATE_NAME.test(name)) return E.left(invalidTemplate('template.name must use lower-case letters, digits and underscores only (at most 512 characters)'));
  let code: string | undefined;
  if (language !== undefined) {
    code = typeof language === 'string' ? language : isRecord(language) && typeof language.code === 'string' ? language.code : undefined;
    if (code === undefined || !LANGUAGE_CODE.test(code)) return E.left(invalidTemplate('template.language must be { "code": "<locale>" }, for example { "code": "en_US" }'));
  }
  if (namespace !== undefined && typeof namespace !== 'string') return E.left(invalidTemplate('template.namespace must be a string'));
  if (components !== undefined && !Array.isArray(components)) return E.left(invalidTemplate('template.components must be a list of components'));
  for (const [i, c] of (components ?? []).entries()) {
    if (!isRecord(c) || typeof c.type !== 'string' || c.type === '') return E.left(invalidTemplate(`template.components[${i}] must be an object with a type (body, header, button)`));
    const bad = checkParameters(`template.components[${i}]`, c.parameters);
    if (bad) return E.left(invalidTemplate(bad));
  }
  return E.right({ name, languageCode: code, namespace: namespace as string | undefined, components: (components ?? []) as TemplateComponent[] });
};

/** The configured sender: a chat app with a phone number id and a sender phone (7004 otherwise). */
const checkSender = (account: Account, from: string | undefined): E.Either<SendFailure, void> => {
  const chatApp = account.chatApp;
  if (!chatApp) return E.left(noSenderPhone('the account has no chat app (WhatsApp) configured'));
  if (!chatApp.phoneNumberId || !chatApp.senderPhone) return E.left(noSenderPhone('the account\'s chat app has no phoneNumberId and senderPhone configured'));
  if (from === undefined || from === chatApp.phoneNumberId) return E.right(undefined);
  const wanted = normalizePhone(from, account.defaultPhoneCountry);
  const configured = normalizePhone(chatApp.senderPhone, account.defaultPhoneCountry);
  if (E.isRight(wanted) && E.isRight(configured) && wanted.right === configured.right) return E.right(undefined);
  return E.left(noSenderPhone('"from" does not name the WhatsApp phone number configured for this account; leave it out to use the configured one'));
};

/** A send whose shape, recipient and sender passed: what is left is to check it against the account's templates. */
export interface CheckedTemplateSend {
  readonly to: PhoneE164;
  readonly template: TemplateShape;
  readonly campaign?: string;
  readonly msgId?: string;
  readonly from?: string;
}

/** docs/api/chat-app.md (Failures), in this order: template shape (7001), recipient phone (7002), configured sender (7004). */
export const checkSendRequest = (request: TemplateSendRequest, account: Account): E.Either<SendFailure, CheckedTemplateSend> =>
  pipe(
    checkTemplateShape(request.template),
    E.chain((template) =>
      pipe(
        typeof request.to === 'string' ? normalizePhone(request.to, account.defaultPhoneCountry) : E.left('is required: the recipient phone number, e.g. +14155550123'),
        E.mapLeft((why) => invalidPhone(`to ${why}`)),
        E.chainFirst(() => checkSender(account, request.from)),
        E.map((to): CheckedTemplateSend => ({
          to,
          template,
          ...(request.campaign !== undefined ? { campaign: request.campaign } : {}),
          ...(request.msg_id !== undefined ? { msgId: request.msg_id } : {}),
          ...(request.from !== undefined ? { from: request.from } : {}),
        })),
      ),
    ),
  );
