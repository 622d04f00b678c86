export * from './routes';
export * from './create-manual-ticket';
export * from './create-manual-ticket.route';
export * from './find-or-create-customer';
export * from './ticket-number';
export * from './open-ticket-slot';
export * from './ticket-view';
export * from './openapi';
