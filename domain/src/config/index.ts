export * from './account-config';
export * from './account-directory';
export * from './decode-config';
export * from './report-errors';
