/**
 * A rejected operation, carrying MongoDB's error code and code name for the same case so
 * callers can treat both engines alike (the driver's MongoServerError has the same two fields).
 */
export class StoreOperationError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly codeName: string,
  ) {
    super(message);
    this.name = 'StoreOperationError';
  }
}

export const badValue = (message: string): StoreOperationError => new StoreOperationError(message, 2, 'BadValue');
export const failedToParse = (message: string): StoreOperationError => new StoreOperationError(message, 9, 'FailedToParse');
export const typeMismatch = (message: string): StoreOperationError => new StoreOperationError(message, 14, 'TypeMismatch');
export const pathNotViable = (message: string): StoreOperationError => new StoreOperationError(message, 28, 'PathNotViable');
export const conflictingUpdate = (path: string): StoreOperationError =>
  new StoreOperationError(`Updating the path '${path}' would create a conflict at '${path}'`, 40, 'ConflictingUpdateOperators');
export const immutableId = (path: string): StoreOperationError =>
  new StoreOperationError(`Performing an update on the path '${path}' would modify the immutable field '_id'`, 66, 'ImmutableField');
export const indexOptionsConflict = (message: string): StoreOperationError => new StoreOperationError(message, 85, 'IndexOptionsConflict');
export const indexKeySpecsConflict = (message: string): StoreOperationError => new StoreOperationError(message, 86, 'IndexKeySpecsConflict');
