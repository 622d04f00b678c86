export * from './log-query';
export * from './log-proofs';
export * from './log-routes';
