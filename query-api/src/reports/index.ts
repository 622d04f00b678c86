export * from './report-routes';
