import pino, { DestinationStream, LevelWithSilent } from 'pino';
import { Logger } from '@support/domain';
import { redactFields, redactText } from './log-redaction';

/** A level LOG_LEVEL may name. */
export type LogLevel = LevelWithSilent;

/** The levels LOG_LEVEL may name (pino's), most verbose first. */
export const LOG_LEVELS: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** LOG_LEVEL read: unset or blank means info; anything else must be one of LOG_LEVELS (case-insensitive). */
export const parseLogLevel = (raw: string | undefined): LogLevel => {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
};

interface LoggerOptions {
  readonly level: LogLevel;
  /** Where the lines go (default stdout, written synchronously so nothing is lost on exit). */
  readonly destination?: DestinationStream;
}

/**
 * The service's logger: pino, one JSON line per entry on stdout with `time` (ISO 8601), `level`
 * (its name), `message` and the entry's fields. Every entry is redacted on its way out
 * (log-redaction.ts): the fields by formatters.log, the message by the logMethod hook, so
 * tokens, phone numbers, emails and bodies never reach a line, whoever logs.
 */
const createPino = (options: LoggerOptions): pino.Logger =>
  pino(
    {
      level: options.level,
      messageKey: 'message',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => redactFields(fields),
      },
      hooks: {
        logMethod(args, method) {
          const redacted = args.map((a) => (typeof a === 'string' ? redactText(a) : a));
          return method.apply(this, redacted as Parameters<typeof method>);
        },
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );

/** The domain's Logger port over pino: call sites keep `logger.info(message, fields)`. */
export const pinoLogger = (options: LoggerOptions): Logger => {
  const p = createPino(options);
  return {
    info: (message, fields) => p.info(fields ?? {}, message),
    warn: (message, fields) => p.warn(fields ?? {}, message),
    error: (message, fields) => p.error(fields ?? {}, message),
  };
};

/** The logger of a process, at the level LOG_LEVEL names. */
export const processLogger = (env: NodeJS.ProcessEnv = process.env): Logger => pinoLogger({ level: parseLogLevel(env.LOG_LEVEL) });

/** A logger that writes nothing (tests). */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
