export * from './ports';
export * from './context';
export * from './evaluate-task';
export * from './values';
export * from './expressions';
export * from './reevaluate-data-points';
export * from './source-ports';
