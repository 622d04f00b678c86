export * from './downloads';
export * from './tickets';
export * from './orders';
