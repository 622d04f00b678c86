export * from './tickets';
export * from './orders';
export * from './messaging';
export * from './admin-access';
export * from './audit';
export * from './analytics';
export * from './exports';
export * from './openapi';
