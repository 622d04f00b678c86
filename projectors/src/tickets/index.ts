export * from './customer-lookup';
export * from './ticket-shape';
export * from './ticket-writes';
export * from './customer-writes';
export * from './tickets-projection';
