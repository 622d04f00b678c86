export * from './admin-scope';
export * from './admin-access';
