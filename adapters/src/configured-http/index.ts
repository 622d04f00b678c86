export * from './fill-url';
export * from './fetch-configured-http';
