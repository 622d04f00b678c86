export * from './limiter-factory';
