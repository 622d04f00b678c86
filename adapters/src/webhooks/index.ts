export * from './forbidden-addresses';
export * from './webhook-sender';
