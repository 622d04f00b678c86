export * from './mongo-limiters';
