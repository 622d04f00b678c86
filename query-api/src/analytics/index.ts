export * from './read-model-catalog';
export * from './query-documents';
export * from './scoped-filter';
export type { ReadModelQueryDeps } from './read-model-routes';
export * from './analytics-routes';
