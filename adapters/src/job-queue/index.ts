export * from './embedded';
export * from './nats';
export { defaultBackoffMs } from './backoff';
