export * from './body-limits';
export * from './route-body-schemas';
export * from './schema-limits';
