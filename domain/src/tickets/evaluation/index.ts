export * from './ports';
export * from './context';
export * from './evaluate-task';
export * from './values';
export * from './expressions';
