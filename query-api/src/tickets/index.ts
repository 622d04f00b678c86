export * from './list-tickets';
export * from './list-tickets-route';
export * from './ticket-query-routes';
