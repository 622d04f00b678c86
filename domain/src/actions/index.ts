export * from './find-action';
export * from './action-inputs';
export * from './output-expression';
export * from './redact-inputs';
export * from './events';
export * from './requests';
