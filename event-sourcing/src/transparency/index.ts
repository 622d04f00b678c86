export * from './hashing';
export * from './leaf';
export * from './tree-ranges';
export * from './frontier';
export * from './proofs';
export * from './checkpoint';
export * from './tree-store';
export * from './audit';
