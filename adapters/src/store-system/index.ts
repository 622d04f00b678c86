export * from './retry-policy';
export * from './store-error-code';
export * from './store-request';
export * from './store-routes';
export * from './store-system-client';
