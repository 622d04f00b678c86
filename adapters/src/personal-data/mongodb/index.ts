export * from './mongo-data-keys';
