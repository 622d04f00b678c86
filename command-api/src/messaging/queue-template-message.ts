import * as E from 'fp-ts/Either';
import { CommandContext, MESSAGES_PROJECTION, messageStream, Position, READ_YOUR_WRITES_MS, ValidTemplateSend } from '@support/domain';
import { claimUnique, ConcurrencyConflict, handleMessage, MESSAGE_ID, readFirstEvent } from '@support/event-sourcing';
import { MessagingCommandDeps } from './messaging-deps';

interface QueuedTemplateMessage {
  readonly messageId: string;
  /** true when this msg_id (or this message) was queued before: nothing new was queued. */
  readonly duplicate: boolean;
}

const firstPosition = async (deps: MessagingCommandDeps, stream: string): Promise<Position | null> =>
  (await readFirstEvent(deps.eventStore, stream))?.position ?? null;

/**
 * Records the message as queued (MessageQueued on message-<id>); the delivery job is published
 * from that event, never from here. A msg_id is claimed first (MESSAGE_ID), so the same msg_id
 * sent twice, even at once, queues one message: the later request answers with the first one's
 * id. Waits for the "messages" read model before answering.
 */
export const queueTemplateMessage = async (
  deps: MessagingCommandDeps, send: ValidTemplateSend, context: CommandContext,
): Promise<E.Either<ConcurrencyConflict, QueuedTemplateMessage>> => {
  let messageId = deps.newId();
  let duplicate = false;
  if (send.msgId !== undefined) {
    const reserved = await claimUnique(deps, MESSAGE_ID, { accountId: context.accountId, msgId: send.msgId }, messageId, context);
    if (E.isLeft(reserved)) return reserved;
    duplicate = !reserved.right.mine;
    messageId = reserved.right.holder;
  }
  // The owner may have crashed between reserving and queueing: queueing again is idempotent, so this request finishes its work.
  const stream = messageStream(messageId);
  const queued = await handleMessage(deps, stream, {
    type: 'QueueMessage',
    data: {
      messageId,
      accountId: context.accountId,
      to: send.to,
      template: send.template,
      ...(send.campaign !== undefined ? { campaign: send.campaign } : {}),
      ...(send.msgId !== undefined ? { msgId: send.msgId } : {}),
      ...(send.from !== undefined ? { from: send.from } : {}),
      queuedAt: context.now.toISOString(),
    },
  }, context);
  if (E.isLeft(queued)) {
    if (queued.left.kind === 'ConcurrencyConflict') return E.left(queued.left);
    throw new Error(`queueing message ${messageId} was refused: ${queued.left.kind}`);
  }
  const position = queued.right.appended?.position ?? (await firstPosition(deps, stream));
  if (position !== null) await deps.progress.waitFor([MESSAGES_PROJECTION], position, READ_YOUR_WRITES_MS);
  return E.right({ messageId, duplicate: duplicate || queued.right.appended === null });
};
