export * from './routes';
export * from './create-manual-ticket';
export * from './create-manual-ticket.route';
export * from './ticket-view';
export * from './openapi';
export * from './merge';
