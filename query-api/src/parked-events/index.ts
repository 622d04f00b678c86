export * from './parked-event-routes';
