import { LogLevel, pinoLogger } from '@support/adapters';
import { Logger } from '@support/domain';

/** The real (pino) logger writing into memory: the raw lines, and each parsed. */
export interface CapturedLogger {
  readonly logger: Logger;
  readonly lines: string[];
  entries(): Record<string, unknown>[];
}

export const capturedLogger = (level: LogLevel = 'info'): CapturedLogger => {
  const chunks: string[] = [];
  const logger = pinoLogger({ level, destination: { write: (s: string) => void chunks.push(s) } });
  const lines = () => chunks.join('').split('\n').filter((l) => l !== '');
  return {
    logger,
    get lines() {
      return lines();
    },
    entries: () => lines().map((l) => JSON.parse(l) as Record<string, unknown>),
  };
};
