export {};
export * from './tickets';
