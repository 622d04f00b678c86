export * from './log-redaction';
export * from './pino-logger';
