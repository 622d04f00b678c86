import type { DeadLetter, Job } from '@support/domain';

/** The body of a job message: the job without its delivery count, which the server keeps. */
interface JobEnvelope {
  readonly id: string;
  readonly kind: string;
  readonly dedupeId: string;
  readonly payload: unknown;
  readonly publishedAt: string;
}

interface DeadLetterBody {
  readonly job: JobEnvelope & { readonly deliveryCount: number };
  readonly reason: string;
  readonly deadAt: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeJob(envelope: JobEnvelope): Uint8Array {
  return encoder.encode(JSON.stringify(envelope));
}

/** The envelope in a message body, or null when the body is not one of ours. */
export function decodeJob(data: Uint8Array): JobEnvelope | null {
  const value = parseJson(data);
  return isEnvelope(value) ? value : null;
}

export function toJob(envelope: JobEnvelope, deliveryCount: number): Job {
  const { id, kind, dedupeId, payload, publishedAt } = envelope;
  return { id, kind, dedupeId, payload, deliveryCount, publishedAt: new Date(publishedAt) };
}

export function encodeDeadLetter(letter: DeadLetter): Uint8Array {
  const { job } = letter;
  const body: DeadLetterBody = {
    job: { id: job.id, kind: job.kind, dedupeId: job.dedupeId, payload: job.payload, publishedAt: job.publishedAt.toISOString(), deliveryCount: job.deliveryCount },
    reason: letter.reason,
    deadAt: letter.deadAt.toISOString(),
  };
  return encoder.encode(JSON.stringify(body));
}

export function decodeDeadLetter(data: Uint8Array): DeadLetter | null {
  const value = parseJson(data);
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Record<string, unknown>;
  const job = body.job;
  if (!isEnvelope(job) || typeof body.reason !== 'string' || typeof body.deadAt !== 'string') return null;
  const deliveryCount = (job as { deliveryCount?: unknown }).deliveryCount;
  if (typeof deliveryCount !== 'number' || !Number.isInteger(deliveryCount)) return null;
  return { job: toJob(job, deliveryCount), reason: body.reason, deadAt: new Date(body.deadAt) };
}

function parseJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(data)) as unknown;
  } catch {
    return null;
  }
}

function isEnvelope(value: unknown): value is JobEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.kind === 'string' && typeof v.dedupeId === 'string' && typeof v.publishedAt === 'string' && 'payload' in v;
}
