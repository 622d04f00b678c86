export * from './catalog';
export * from './masking';
export * from './views';
export * from './cursor';
export * from './token-rate-limit';
export * from './audit';
export * from './reference-store-server';
