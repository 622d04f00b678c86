export * from './delivery-deps';
export * from './delivery-worker';
export { deliverMessage } from './deliver-message';
export { loadMessage } from './message-stream';
export * from './delivery-dispatcher';
