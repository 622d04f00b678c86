export * from './sqlite-read-models';
export { ReadModelFileError, isStorageUnavailable } from './database-file';
