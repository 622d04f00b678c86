export * from './report-routes';
export * from './report-csv';
