import { Logger } from '@support/domain';

/** A logger that keeps the messages, so a test can tell a restore from a rebuild. */
export const recordingLogger = (): Logger & { messages: string[] } => {
  const messages: string[] = [];
  return { messages, info: (m) => void messages.push(m), warn: (m) => void messages.push(m), error: (m) => void messages.push(m) };
};
