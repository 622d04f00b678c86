import { randomFillSync } from 'node:crypto';
import type { IdGenerator } from '@support/domain';

/** Random bytes drawn from the system at once for this many ids (one syscall, not one per id). */
const IDS_PER_DRAW = 256;
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/** The counter (rand_a, 12 bits) starts below this at each new millisecond, leaving room to count up within it. */
const COUNTER_START_BELOW = 0x800;
const COUNTER_MAX = 0xfff;

/**
 * Ids as UUID version 7 (RFC 9562): 48 bits of Unix time in milliseconds, a 12-bit counter that
 * starts at a random value each millisecond (the RFC's method 1), and 62 random bits. They are UUIDs
 * like version 4 ones (EventStoreDB takes any UUID as an event id), but an id made later sorts after
 * every id made before it by the same generator, so a document's `_id` lands at the end of every
 * index whose leading keys are equal (a ticket's null resolvedAt, its source) instead of at a random
 * place in it: in SQLite that is an insert into the page last written, warm in the cache, and in
 * MongoDB the right edge of the B-tree (docs/performance.md). They tell when they were made, to the
 * millisecond; nothing here rests on ids being unguessable (access is checked by token and account,
 * download links are signed). `now` and `fillRandom` are ports for tests.
 */
export const uuidV7Generator = (
  now: () => number = Date.now,
  fillRandom: (bytes: Buffer) => void = (bytes) => void randomFillSync(bytes),
): IdGenerator => {
  const pool = Buffer.alloc(16 * IDS_PER_DRAW);
  let drawn = IDS_PER_DRAW;
  let lastMs = -1;
  let counter = 0;
  return () => {
    if (drawn === IDS_PER_DRAW) {
      fillRandom(pool);
      drawn = 0;
    }
    const r = 16 * drawn++;
    // Never behind the last id: a clock stepped back keeps counting in the millisecond last used.
    let ms = Math.max(now(), lastMs);
    if (ms === lastMs && counter < COUNTER_MAX) counter++;
    else {
      // A new millisecond, or this one's counter used up (4,096 ids or more in it): go on in the next.
      if (ms === lastMs) ms++;
      counter = ((pool[r + 6] << 8) | pool[r + 7]) % COUNTER_START_BELOW;
    }
    lastMs = ms;
    const high = Math.floor(ms / 0x10000);
    const low = ms % 0x10000;
    return `${HEX[(high >>> 24) & 0xff]}${HEX[(high >>> 16) & 0xff]}${HEX[(high >>> 8) & 0xff]}${HEX[high & 0xff]}`
      + `-${HEX[low >>> 8]}${HEX[low & 0xff]}`
      + `-${HEX[0x70 | (counter >>> 8)]}${HEX[counter & 0xff]}`
      + `-${HEX[0x80 | (pool[r + 8] & 0x3f)]}${HEX[pool[r + 9]]}`
      + `-${HEX[pool[r + 10]]}${HEX[pool[r + 11]]}${HEX[pool[r + 12]]}${HEX[pool[r + 13]]}${HEX[pool[r + 14]]}${HEX[pool[r + 15]]}`;
  };
};
