export * from './sqlite';
export * from './period-cover';
