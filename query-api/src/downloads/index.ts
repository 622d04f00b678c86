export * from './download-routes';
