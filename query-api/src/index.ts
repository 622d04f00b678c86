export * from './downloads';
export * from './tickets';
