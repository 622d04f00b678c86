export * from './sqlite-data-keys';
