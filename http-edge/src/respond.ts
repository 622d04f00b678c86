import type { Context } from 'koa';
import * as E from 'fp-ts/Either';
import { HttpProblem } from './problem';
import { sendProblem } from './error-handler';

export interface HttpAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The one place where a handler's Either becomes an HTTP answer. */
export const respond = (ctx: Context, result: E.Either<HttpProblem, HttpAnswer>): void => {
  if (E.isLeft(result)) {
    sendProblem(ctx, result.left);
    return;
  }
  ctx.status = result.right.status;
  for (const [k, v] of Object.entries(result.right.headers ?? {})) ctx.set(k, v);
  ctx.body = result.right.body;
};

export const ok = (body: unknown, status = 200): E.Either<HttpProblem, HttpAnswer> => E.right({ status, body });
