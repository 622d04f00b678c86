export * from './lifecycle-routes';
export * from './work-ticket';
export * from './ticket-problem';
