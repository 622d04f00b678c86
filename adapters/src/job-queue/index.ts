export * from './embedded';
export * from './sqlite';
export { defaultBackoffMs } from './backoff';
