export * from './dependency-breakers';
export * from './breaking-ports';
