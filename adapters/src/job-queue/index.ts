export * from './embedded';
export { defaultBackoffMs } from './backoff';
