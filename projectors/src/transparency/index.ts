export * from './tree-follower';
export * from './checkpoint-signer';
