export * from './customer-erasure-job';
export * from './erase-customer';
export * from './erasure-worker';
export * from './reapply-erasures';
