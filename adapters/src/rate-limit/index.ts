export * from './mongo-limiters';
export * from './sqlite-limiters';
