export * from './downloads';
export * from './tickets';
export * from './orders';
export * from './messaging';
export * from './exports';
