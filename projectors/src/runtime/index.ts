export * from './checkpoints';
export * from './subscriber';
export * from './projection';
export * from './dispatch';
export * from './progress';
export * from './subscriber-group';
export * from './projection-group';
export * from './dispatcher-group';
