export * from './uuid-v7';
