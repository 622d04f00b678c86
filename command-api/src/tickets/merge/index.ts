export * from './merge-route';
export * from './merge-id';
export * from './openapi';
