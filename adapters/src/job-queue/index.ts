export { defaultBackoffMs } from './backoff';
export * from './sqlite';
