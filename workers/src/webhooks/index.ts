export * from './webhook-jobs';
export * from './webhook-dispatcher';
export * from './webhook-worker-deps';
export * from './fan-out';
export * from './delivery-order';
export * from './deliver-webhook';
export * from './replay-webhook';
export * from './webhook-workers';
