import type { BulkOperation, BulkWriteResult, Document } from '@support/domain';
import { checkUpdate } from './apply-update';
import type { DocumentTable } from './document-table';
import { failedToParse } from './store-operation-error';
import { checkReplacement, deleteFirst, replaceFirst, updateFirst } from './write-documents';

export interface BulkWriteErrorDetail {
  readonly index: number;
  readonly code: number | undefined;
  readonly message: string;
}

/**
 * Some operations of a bulk write failed; like the driver's MongoBulkWriteError it carries the
 * first error's `code`, every failed operation in `writeErrors`, and the counts of what was done.
 */
export class BulkWriteFailure extends Error {
  readonly code: number | undefined;

  constructor(
    readonly writeErrors: readonly BulkWriteErrorDetail[],
    readonly result: BulkWriteResult,
  ) {
    super(writeErrors[0]?.message ?? 'bulk write failed');
    this.name = 'BulkWriteFailure';
    this.code = writeErrors[0]?.code;
  }
}

function checkOperation(operation: BulkOperation<Document>): void {
  const kinds = Object.keys(operation);
  if (kinds.length !== 1) throw failedToParse('A bulk operation names exactly one of updateOne, replaceOne, deleteOne');
  if ('updateOne' in operation) checkUpdate(operation.updateOne.update);
  else if ('replaceOne' in operation) checkReplacement(operation.replaceOne.replacement);
  else if (!('deleteOne' in operation)) throw failedToParse(`Unknown bulk operation: ${kinds[0]}`);
}

const codeOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
};

/**
 * Runs the operations one after another. Ordered (the default), it stops at the first failure;
 * unordered, it runs them all. Either way it then throws a BulkWriteFailure. Malformed
 * operations are refused before anything runs, as the driver does.
 */
export function bulkWrite(table: DocumentTable, operations: readonly BulkOperation<Document>[], ordered: boolean): BulkWriteResult {
  operations.forEach(checkOperation);
  const done = { matchedCount: 0, modifiedCount: 0, upsertedCount: 0, deletedCount: 0 };
  const errors: BulkWriteErrorDetail[] = [];
  for (let index = 0; index < operations.length; index++) {
    const operation = operations[index];
    try {
      if ('deleteOne' in operation) {
        done.deletedCount += deleteFirst(table, operation.deleteOne.filter);
        continue;
      }
      const outcome =
        'updateOne' in operation
          ? updateFirst(table, operation.updateOne.filter, operation.updateOne.update, operation.updateOne.upsert === true)
          : replaceFirst(table, operation.replaceOne.filter, operation.replaceOne.replacement, operation.replaceOne.upsert === true);
      done.matchedCount += outcome.matchedCount;
      done.modifiedCount += outcome.modifiedCount;
      if (outcome.upsertedId !== null) done.upsertedCount++;
    } catch (error) {
      errors.push({ index, code: codeOf(error), message: error instanceof Error ? error.message : String(error) });
      if (ordered) break;
    }
  }
  if (errors.length > 0) throw new BulkWriteFailure(errors, done);
  return done;
}
