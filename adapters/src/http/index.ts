export * from './problem';
export * from './logger';
export * from './request-id';
export * from './error-handler';
export * from './json-body';
export * from './authenticate';
export * from './rate-limit';
