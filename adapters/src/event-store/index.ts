export * from './embedded';
export * from './sqlite';
