export * from './parked-events';
