export * from './erasure-status';
