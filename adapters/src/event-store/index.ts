export * from './embedded';
export * from './eventstoredb';
