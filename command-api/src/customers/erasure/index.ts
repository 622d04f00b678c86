export * from './erasure-routes';
export * from './erasure-answer';
export * from './openapi';
export * from './request-erasure';
