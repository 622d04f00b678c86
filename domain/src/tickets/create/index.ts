export * from './create-state';
export * from './decide-create';
export * from './numbered-ticket';
