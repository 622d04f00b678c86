import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { contention, ok, problem, rawBodyOf, respond } from '@support/http-edge';
import {
  Account, CommandContext, isSignedByApp, MESSAGES_COLLECTION, messageStream, StatusReport, statusWebhook,
} from '@support/domain';
import { handleMessage } from '@support/event-sourcing';
import { MessagingCommandDeps } from './messaging-deps';

export const STATUS_WEBHOOK_PATH = '/apis/chatapp/webhooks/whatsapp';
const RECEIPTS_USER = 'chatapp:status-webhook';

/** What a receipt came to: recorded, already known (a repeat, or no news), or of no message of ours. */
type Outcome = 'recorded' | 'known' | 'unknown';

/**
 * POST /apis/chatapp/webhooks/whatsapp: the WhatsApp Cloud API's status webhook (delivery
 * receipts), an addition to the spec. Meta signs the body with the app's secret: it is accepted only
 * when X-Hub-Signature-256 verifies with the appSecret of every account whose phoneNumberId it names.
 * Each delivered, read or failed status of a message the account sent is recorded on the message's
 * stream (MessageStatusReported, once: repeats and late statuses change nothing); statuses of
 * messages the service does not know are counted and left. Always 200 once verified, so that Meta
 * does not hold back the statuses after them.
 */
export const statusWebhookRoute = (router: Router, deps: MessagingCommandDeps): void => {
  router.post(STATUS_WEBHOOK_PATH, async (ctx) => {
    const parsed = statusWebhook(ctx.request.body);
    if (E.isLeft(parsed)) return respond(ctx, E.left(problem(400, parsed.left)));
    const named = parsed.right.phoneNumberIds;
    const accounts = new Map<string, Account>();
    for (const account of deps.directory().accounts) {
      const id = account.chatApp?.phoneNumberId;
      if (id !== undefined && named.includes(id)) accounts.set(id, account);
    }
    const signature = ctx.get('X-Hub-Signature-256') || undefined;
    for (const account of accounts.values()) {
      const secret = account.chatApp?.appSecret;
      if (secret === undefined) {
        return respond(ctx, E.left(problem(403, `Receipts are not accepted for phone number ${account.chatApp?.phoneNumberId}: its account's chatApp has no appSecret`)));
      }
      if (!isSignedByApp(secret, rawBodyOf(ctx), signature)) {
        return respond(ctx, E.left(problem(401, 'X-Hub-Signature-256 must be sha256=<hex HMAC-SHA256 of the body with the Meta app secret>; it is missing or does not match')));
      }
    }
    const outcomes: Outcome[] = [];
    for (const report of parsed.right.reports) {
      const account = accounts.get(report.phoneNumberId);
      outcomes.push(account === undefined ? 'unknown' : await recordReceipt(deps, account, report, { requestId: String(ctx.state.requestId ?? ''), deadline: ctx.state.deadline as number }));
    }
    const count = (o: Outcome) => outcomes.filter((x) => x === o).length;
    const answer = { received: outcomes.length, recorded: count('recorded'), alreadyKnown: count('known'), unknown: count('unknown') };
    if (answer.unknown > 0) deps.logger.warn('chat-app statuses of unknown messages', { requestId: ctx.state.requestId, unknown: answer.unknown });
    respond(ctx, ok(answer));
  });
};

const recordReceipt = async (deps: MessagingCommandDeps, account: Account, report: StatusReport, request: Pick<CommandContext, 'requestId' | 'deadline'>): Promise<Outcome> => {
  const [message] = await deps.readModels.find<{ _id: string }>(MESSAGES_COLLECTION, {
    where: { accountId: account.id, platformMessageId: report.receipt.platformMessageId }, limit: 1,
  });
  if (message === undefined) return 'unknown';
  const ctx: CommandContext = { accountId: account.id, userId: RECEIPTS_USER, ...request, now: deps.clock.now() };
  const handled = await handleMessage(deps, messageStream(message._id), { type: 'RecordReceipt', receipt: report.receipt }, ctx);
  if (E.isLeft(handled)) {
    if (handled.left.kind === 'ConcurrencyConflict') throw contention('message');
    return 'unknown';
  }
  return handled.right.newEvents.length > 0 ? 'recorded' : 'known';
};
