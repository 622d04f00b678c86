import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { Account } from '../config/account-config';
import { checkSendRequest, type CheckedTemplateSend, type TemplateSendRequest, type TemplateShape, type ValidTemplateSend } from './send-request';
import { invalidTemplate, SendFailure } from './send-failure';
import { MessageTemplate, templateLanguageCode } from './template';
import { fitTemplateParameters } from './template-parameters';

const sameName = (shape: TemplateShape, templates: readonly MessageTemplate[]) => templates.filter((t) => t.name === shape.name);

/**
 * Can this set of templates answer for the send: does it hold the template's name (and, when the
 * request names a language, that translation)? When it cannot, the send is refused (7001) and
 * never queued unchecked.
 */
export const templatesKnow = (shape: TemplateShape, templates: readonly MessageTemplate[] | null): boolean => {
  const named = sameName(shape, templates ?? []);
  if (named.length === 0) return false;
  return shape.languageCode === undefined || named.some((t) => templateLanguageCode(t.language) === shape.languageCode);
};

/** The translation to send: the requested language, or the only one there is (7001 otherwise). */
const chooseTranslation = (shape: TemplateShape, named: readonly MessageTemplate[]): E.Either<SendFailure, MessageTemplate> => {
  const languages = named.map((t) => templateLanguageCode(t.language) ?? '');
  if (shape.languageCode !== undefined) {
    const found = named.find((t) => templateLanguageCode(t.language) === shape.languageCode);
    return found ? E.right(found) : E.left(invalidTemplate(`template "${shape.name}" has no ${shape.languageCode} translation (available: ${languages.join(', ')})`));
  }
  if (named.length === 1) return E.right(named[0]);
  return E.left(invalidTemplate(`template "${shape.name}" exists in several languages (${languages.join(', ')}): choose one in template.language.code`));
};

/**
 * The send checked against the account's templates as the platform has them: the template must
 * exist in that language, be APPROVED, and the body parameters must fit; they are then given
 * the names the platform needs (docs/api/chat-app.md (Send) send-time shape, mapped in order). Answers the message to queue.
 */
export const checkAgainstTemplates = (checked: CheckedTemplateSend, templates: readonly MessageTemplate[]): E.Either<SendFailure, ValidTemplateSend> => {
  const shape = checked.template;
  const named = sameName(shape, templates);
  if (named.length === 0) return E.left(invalidTemplate(`template "${shape.name}" does not exist on the messaging platform for this account`));
  const translation = chooseTranslation(shape, named);
  if (E.isLeft(translation)) return translation;
  const known = translation.right;
  const code = templateLanguageCode(known.language) ?? shape.languageCode;
  if ((known.status ?? '').toUpperCase() !== 'APPROVED') {
    return E.left(invalidTemplate(`template "${shape.name}" (${code ?? 'no language'}) is not approved: its status is ${known.status ?? 'unknown'}`));
  }
  if (code === undefined) return E.left(invalidTemplate(`template "${shape.name}" has no language on the platform: name one in template.language.code`));
  const components = fitTemplateParameters(known, shape.components);
  if (E.isLeft(components)) return E.left(invalidTemplate(components.left));
  const { template: _shape, ...rest } = checked;
  return E.right({
    ...rest,
    template: { name: shape.name, language: { code }, components: components.right, ...(shape.namespace ? { namespace: shape.namespace } : {}) },
  });
};

/**
 * The whole check of a send against a set of the account's templates (the platform's, read
 * just now or at the last sync): the request (7001, 7002, 7004), then the template (7001).
 * Nothing is queued on a Left.
 */
export const validateTemplateSend = (
  request: TemplateSendRequest,
  account: Account,
  templates: readonly MessageTemplate[] | null,
): E.Either<SendFailure, ValidTemplateSend> =>
  pipe(
    checkSendRequest(request, account),
    E.chain((checked) => checkAgainstTemplates(checked, templates ?? [])),
  );
