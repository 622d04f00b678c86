export * from './mongo-tree-store';
