export {};
export * from './http';
export * from './rate-limit';
export * from './blob-store';
