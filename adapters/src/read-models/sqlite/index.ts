export * from './sqlite-read-models';
export { ReadModelFileError } from './database-file';
