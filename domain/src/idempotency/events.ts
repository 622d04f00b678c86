import { createHash } from 'node:crypto';
import { DomainEvent } from '../shared/decider';
import { HolderProcess } from '../shared/holder-process';

/**
 * A command sent with an `Idempotency-Key` header (IETF httpapi draft "The Idempotency-Key HTTP
 * Header Field"): the key of one token is a claim stream whose first event names the request that
 * runs the command, and whose last event, once it answered, holds that answer for every repeat.
 */
export const IDEMPOTENCY_STREAM_PREFIX = 'idempotency-';

/** The key's stream: the token and the key are hashed, so neither appears in stream names. */
export const idempotencyStream = (tokenDigest: string, key: string): string =>
  `${IDEMPOTENCY_STREAM_PREFIX}${createHash('sha256').update(`${tokenDigest}\u0000${key}`).digest('hex').slice(0, 40)}`;

/** What makes two requests the same request: method, path and body (JSON in canonical form). */
export const requestFingerprint = (method: string, path: string, canonicalBody: string): string =>
  createHash('sha256').update(`${method.toUpperCase()} ${path}\u0000${canonicalBody}`).digest('hex');

export type IdempotentRequestStarted = DomainEvent<'IdempotentRequestStarted', {
  /** The request that runs the command (the claim's holder). */
  readonly requestId: string;
  /** Its process (absent where the operating system cannot name it, and in events of earlier versions). */
  readonly process?: HolderProcess;
  readonly fingerprint: string;
  readonly method: string;
  readonly path: string;
  readonly startedAt: string;
}>;

/** The answer the repeats get: status, the headers that describe the body, and the body. */
export type IdempotentRequestAnswered = DomainEvent<'IdempotentRequestAnswered', {
  readonly requestId: string;
  readonly fingerprint: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The body's JSON text as it was sent: the embedded log stores JSON with its keys sorted (RFC 8785),
   * so a body kept as an object would come back in another key order. Absent when there was no body.
   */
  readonly bodyText?: string;
  /** null (the body is bodyText); in events of earlier versions, the body as an object. */
  readonly body: unknown;
  /** The ids the body names (answerSubjects: its customer, ticket, record...); absent in events of earlier versions. */
  readonly subjects?: readonly string[];
  readonly answeredAt: string;
}>;

/** The request ended without an answer worth repeating (a 5xx, a 429): the key is free for the next try. */
export type IdempotentRequestReleased = DomainEvent<'IdempotentRequestReleased', {
  readonly requestId: string;
  /** Why: the status it answered, or the failure. */
  readonly reason: string;
}>;
