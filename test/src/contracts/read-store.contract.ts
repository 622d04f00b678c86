import type { ReadStore } from '@support/domain';
import { bulkAndIndexSection } from '../read-store/contract/bulk-and-indexes';
import { cursorAndCopySection } from '../read-store/contract/cursors-and-copies';
import { guardedWriteSection } from '../read-store/contract/guarded-writes';
import { querySection } from '../read-store/contract/queries';
import { substringSearchSection } from '../read-store/contract/substring-search';
import { updateSection } from '../read-store/contract/updates';

export interface ReadStoreUnderTest {
  readonly engine: ReadStore;
  cleanup(): Promise<void>;
}

/**
 * The ReadStore port's behaviour, written once and run over every engine: MongoDB's query
 * language (filters, sort order across types, skip/limit, projection, counts), its update
 * operators and upserts, a projection's guarded writes, bulk writes, unique indexes, streaming cursors, copies and dropAll.
 * Each test gets a fresh, empty store.
 */
export function readStoreContract(engineName: string, makeEngine: () => Promise<ReadStoreUnderTest>): void {
  describe(`ReadStore contract: ${engineName}`, () => {
    let current: ReadStoreUnderTest | undefined;
    const store = (): ReadStore => {
      if (current === undefined) throw new Error('no engine under test');
      return current.engine;
    };

    beforeEach(async () => {
      current = await makeEngine();
    });

    afterEach(async () => {
      await current?.cleanup();
      current = undefined;
    });

    querySection(store);
    updateSection(store);
    guardedWriteSection(store);
    bulkAndIndexSection(store);
    cursorAndCopySection(store);
    substringSearchSection(store);
  });
}
