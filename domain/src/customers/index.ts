export * from './contact';
export * from './events';
export * from './customer';
export * from './erasure';
export * from './erasure-ledger';
