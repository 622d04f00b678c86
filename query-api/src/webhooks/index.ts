export * from './deliveries-page';
export * from './webhook-query-routes';
