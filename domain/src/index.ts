export * from './ports';
export * from './config';
export * from './shared';
export * from './rate-limits';
