export * from './personal-fields';
export * from './sealed-envelope';
export * from './separate-personal';
