export * from './page-routes';
export * from './page-security';
