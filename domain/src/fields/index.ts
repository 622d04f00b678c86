export * from './convert-field-value';
export * from './canonical-value';
