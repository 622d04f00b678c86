export * from './store-problem';
export * from './order-routes-deps';
export * from './lookup-query';
export * from './order-list-route';
export * from './order-details-route';
export * from './order-routes';
