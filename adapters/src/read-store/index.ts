export * from './embedded';
export * from './mongodb';
export { DUPLICATE_KEY_CODE, DuplicateKeyError, isDuplicateKeyError } from './duplicate-key-error';
