export * from './events';
export * from './answer-subjects';
export * from './answers-read-model';
