import type { DeadLetter } from '@support/domain';
import type { JetStreamClient, JetStreamManager } from 'nats';
import { streamInfoOrNull } from './jetstream-setup';
import { decodeDeadLetter } from './job-envelope';
import { deadStream } from './nats-names';

/** Every dead letter of a kind stored up to now, oldest first, read with an ordered consumer. */
export async function readDeadLetters(js: JetStreamClient, jsm: JetStreamManager, kind: string): Promise<DeadLetter[]> {
  const stream = deadStream(kind);
  const info = await streamInfoOrNull(jsm, stream);
  if (info === null || info.state.messages === 0) return [];
  const lastSeq = info.state.last_seq;
  const letters: DeadLetter[] = [];
  const consumer = await js.consumers.get(stream);
  const messages = await consumer.consume();
  for await (const msg of messages) {
    const letter = decodeDeadLetter(msg.data);
    if (letter !== null) letters.push(letter);
    if (msg.info.pending === 0 || msg.info.streamSequence >= lastSeq) break;
  }
  return letters;
}
