export {};
export * from './tickets';
export * from './messaging';
