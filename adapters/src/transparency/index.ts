export * from './sqlite-tree-store';
