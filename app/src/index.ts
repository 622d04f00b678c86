export * from './settings';
export * from './deps';
export * from './features';
export * from './service';
export * from './load-config';
export * from './gateway';
export * from './engines';
export * from './run-component';
