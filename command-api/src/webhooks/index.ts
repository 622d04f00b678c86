export * from './webhook-deps';
export * from './handle-subscription';
export * from './ping-subscription';
export * from './webhook-routes';
export * from './openapi';
