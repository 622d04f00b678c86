// A ticket's trail checked against the latest signed checkpoint: a verdict per event.
import { eventRecord, openCheckpoint, verifyInclusion } from './verify.js';

const verdictOf = async (ticketId, event, proof, pending, checkpoint) => {
  const record = eventRecord(ticketId, event);
  if (proof === undefined) {
    return pending.has(record.position)
      ? { state: 'pending', text: 'Pending: appended after the latest checkpoint; checked at the next one.' }
      : { state: 'not-verified', text: 'Not verified: the log gave no proof for this event.' };
  }
  if (proof.position !== record.position) {
    return { state: 'not-verified', text: `Not verified: the proof is for position ${proof.position}, the event is at ${record.position}.` };
  }
  const result = await verifyInclusion(record, proof, checkpoint);
  return result.verified
    ? { state: 'verified', text: `Verified: leaf ${proof.leafIndex} of the log, in signed checkpoint ${checkpoint.size}.` }
    : { state: 'not-verified', text: `Not verified: ${result.reason}.` };
};

/**
 * `proofs` is the answer of GET /admin/log/tickets/{ticketId}/inclusion ({ ok, body } or { ok: false, status, message }).
 * Answers the opened checkpoint (or why there is none) and a verdict per event revision:
 * `{ state: 'verified' | 'not-verified' | 'pending', text }`.
 */
export const verifyTrail = async (ticketId, events, proofs, verifierKey) => {
  const verdicts = new Map();
  const all = (state, text) => {
    for (const e of events) verdicts.set(e.revision, { state, text });
    return verdicts;
  };
  if (!proofs.ok) {
    const why = proofs.status === 403 ? 'the proofs need an account admin\'s token' : proofs.status === 404 ? 'the log has no checkpoint or proof for it yet' : 'the proofs could not be read';
    return { checkpoint: null, problem: `${why} (${proofs.status}: ${proofs.message})`, verdicts: all('not-verified', `Not verified: ${why}.`) };
  }
  const opened = await openCheckpoint(proofs.body.checkpoint ?? '', verifierKey);
  if (opened.error !== undefined) return { checkpoint: null, problem: opened.error, verdicts: all('not-verified', `Not verified: ${opened.error}.`) };
  const { checkpoint } = opened;
  const byRevision = new Map(proofs.body.events.map((p) => [Number(p.revision), p]));
  const pending = new Set(proofs.body.pending);
  // Web Crypto hashes off the main thread: every event's path is folded at once.
  const checked = await Promise.all(events.map((e) => verdictOf(ticketId, e, byRevision.get(e.revision), pending, checkpoint)));
  events.forEach((e, i) => verdicts.set(e.revision, checked[i]));
  return { checkpoint, problem: null, verdicts };
};
