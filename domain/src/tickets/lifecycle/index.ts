export * from './events';
export * from './commands';
export * from './status-transitions';
export * from './ticket-decider';
export * from './requests';
export * from './to-command';
export * from './ticket-refusal';
