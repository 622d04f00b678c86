export * from './split-route';
export * from './openapi';
