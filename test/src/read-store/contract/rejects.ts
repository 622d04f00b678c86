import { expect } from 'chai';

/** The error an operation rejects with (fails the test when it resolves instead). */
export async function rejectionOf(operation: Promise<unknown>): Promise<Error & { code?: unknown }> {
  try {
    await operation;
  } catch (error) {
    expect(error).to.be.instanceOf(Error);
    return error as Error & { code?: unknown };
  }
  expect.fail('expected the operation to be refused');
}
