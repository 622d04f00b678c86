import { createHash } from 'node:crypto';
import * as E from 'fp-ts/Either';
import type { Context, Middleware } from 'koa';
import {
  AccountDirectory, answerSubjects, canonicalJson, CommandContext, ERASED_TEXT, IdempotentRequestAnswered, IdempotentRequestStarted, Logger, requestFingerprint, thrownMessage,
} from '@support/domain';
import {
  claimUnique, IDEMPOTENCY_KEY, IdempotencyKey, idempotentRequestRunning, readLastEvent, recordFact, releaseClaim, sleep, WriteDeps,
} from '@support/event-sourcing';
import { bearerToken, problem } from '@support/http-edge';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that repeats the first answer of its key (as Stripe does). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a repeat waits for the first request of its key to answer before it answers 409 (inside the route's 9 s budget). */
export const IDEMPOTENT_WAIT_MS = 8_000;
const POLL_MS = 25;
/** The headers of an answer a repeat gets again (those describing the body and what to do next). */
const KEPT_HEADERS = ['content-type', 'location', 'retry-after'];
/** A key: 1 to 255 visible ASCII characters (a UUID, typically); the draft's quoted form is taken too. */
const KEY = /^[\x21-\x7e]{1,255}$/;

interface IdempotencyDeps extends WriteDeps {
  readonly directory: () => AccountDirectory;
  readonly logger: Logger;
}

/** Whether an answer is the outcome of the command, to be repeated: not a 5xx, not a 429 or 409 (the next try may go otherwise). */
const worthRepeating = (status: number): boolean => status < 500 && status !== 429 && status !== 409;

const keyOf = (header: string): string => (header.length >= 2 && header.startsWith('"') && header.endsWith('"') ? header.slice(1, -1) : header);

/** The answer kept held personal data of a customer since erased (docs/api/erasure.md): it is not given again. */
const erasedAnswer = () =>
  problem(410, `The answer kept for this ${IDEMPOTENCY_HEADER} held personal data of a customer who has since been erased: read the resource it created, or send a new key for a new request`, { field: IDEMPOTENCY_HEADER });

const replay = (ctx: Context, answered: IdempotentRequestAnswered['data']): void => {
  if (answered.bodyText === ERASED_TEXT) throw erasedAnswer();
  ctx.status = answered.status;
  for (const [name, value] of Object.entries(answered.headers)) ctx.set(name, value);
  ctx.set(REPLAYED_HEADER, 'true');
  // The text as first sent (its content-type is among the headers set above), byte for byte.
  ctx.body = answered.bodyText ?? answered.body;
};

const anotherBody = () =>
  problem(422, `This ${IDEMPOTENCY_HEADER} was used with another request (method, path or body): send a new key for a new request`, { field: IDEMPOTENCY_HEADER });

/**
 * `Idempotency-Key` on the command routes (IETF httpapi draft "The Idempotency-Key HTTP Header
 * Field"): the first request of a token's key runs the command and its answer is recorded on the
 * key's stream (IDEMPOTENCY_KEY claim); a repeat with the same method, path and body gets that
 * answer again (`Idempotent-Replayed: true`), also after a restart and on every engine; the same key
 * with another request answers 422; a repeat while the first still runs waits for its answer (up to
 * IDEMPOTENT_WAIT_MS, then 409 with Retry-After); a repeat whose first request's process has ended
 * (killed mid-command) takes the key over at once and runs the command. An answer that is not the command's outcome (5xx,
 * 409, 429) is not kept: the key is given up and the next repeat runs the command. Keys are kept
 * for good (the draft asks for at least 24 hours); the body kept is sealed as personal data, and an
 * answer whose customer was erased answers 410 to its repeats.
 */
export const idempotencyKeys = (deps: IdempotencyDeps, isCommand: (ctx: Context) => boolean): Middleware => async (ctx, next) => {
  const header = ctx.get(IDEMPOTENCY_HEADER);
  if (header === '' || ctx.method !== 'POST' || !isCommand(ctx)) return next();
  const key = keyOf(header.trim());
  if (!KEY.test(key)) throw problem(400, `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters (for example a UUID)`, { field: IDEMPOTENCY_HEADER });
  const token = bearerToken(ctx.get('Authorization'));
  const principal = token === null ? null : deps.directory().principalForToken(token);
  // Without a valid token the route answers 401 or 403 itself; nothing is kept.
  if (token === null || principal === null) return next();

  const requestId = String(ctx.state.requestId);
  const body = ctx.state.bodyPresent ? ctx.request.body : null;
  const claim: IdempotencyKey = {
    tokenDigest: createHash('sha256').update(token).digest('hex'), key,
    fingerprint: requestFingerprint(ctx.method, ctx.path, canonicalJson(body ?? null)), method: ctx.method, path: ctx.path,
  };
  const stream = IDEMPOTENCY_KEY.stream(claim);
  const command: CommandContext = { accountId: principal.accountId, userId: principal.tokenId, requestId, now: new Date() };

  const waitUntil = Date.now() + IDEMPOTENT_WAIT_MS;
  for (;;) {
    const last = await readLastEvent(deps.eventStore, stream);
    if (last?.type === 'IdempotentRequestAnswered') {
      const answered = last.data as IdempotentRequestAnswered['data'];
      if (answered.fingerprint !== claim.fingerprint) throw anotherBody();
      replay(ctx, answered);
      return;
    }
    const running = last !== null && idempotentRequestRunning(last);
    if (running && (last.data as IdempotentRequestStarted['data']).fingerprint !== claim.fingerprint) throw anotherBody();
    if (!running) {
      const claimed = await claimUnique(deps, IDEMPOTENCY_KEY, claim, requestId, command);
      if (E.isRight(claimed) && claimed.right.mine) break;
    }
    if (Date.now() + POLL_MS >= waitUntil) {
      throw problem(409, `A request with this ${IDEMPOTENCY_HEADER} is still being processed: send it again once it has answered`, { retryAfter: 1 }, { 'Retry-After': '1' });
    }
    await sleep(POLL_MS);
  }

  const giveUp = (reason: string) =>
    releaseClaim(deps, IDEMPOTENCY_KEY, claim, requestId, reason, command).catch((e) => {
      deps.logger.warn('an Idempotency-Key was not given up; it passes on when abandoned', { requestId, errorMessage: thrownMessage(e) });
    });
  try {
    await next();
  } catch (e) {
    await giveUp('the request failed');
    throw e;
  }
  const storable = ctx.body === undefined || ctx.body === null || (typeof ctx.body === 'object' && !Buffer.isBuffer(ctx.body) && typeof (ctx.body as { pipe?: unknown }).pipe !== 'function');
  if (!worthRepeating(ctx.status) || !storable) {
    await giveUp(`answered ${ctx.status}`);
    return;
  }
  const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => {
    const value = ctx.response.get(name);
    return value === '' ? [] : [[name, String(value)]];
  }));
  const answered: IdempotentRequestAnswered = {
    type: 'IdempotentRequestAnswered',
    data: {
      requestId, fingerprint: claim.fingerprint, status: ctx.status, headers, body: null,
      ...(ctx.body === undefined || ctx.body === null ? {} : { bodyText: JSON.stringify(ctx.body), subjects: answerSubjects(ctx.body) }),
      answeredAt: new Date().toISOString(),
    },
  };
  // The command happened: an answer that cannot be kept is logged, and a repeat after the key is abandoned runs it again.
  await recordFact(deps, stream, answered, command, 'any').catch((e) => {
    deps.logger.error('the answer of an Idempotency-Key was not kept', { requestId, errorMessage: thrownMessage(e) });
  });
};
