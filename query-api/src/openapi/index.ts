export * from './openapi-document';
export * from './schema';
export * from './openapi-route';
