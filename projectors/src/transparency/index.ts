export * from './tree-follower';
export * from './checkpoint-signer';
export * from './record-checkpoint';
export * from './tree-writes';
