export * from './sqlite-tree-store';
export * from './log-signing-key';
export * from './mongodb';
