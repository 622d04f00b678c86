export * from './sealing-event-store';
export * from './values-cipher';
