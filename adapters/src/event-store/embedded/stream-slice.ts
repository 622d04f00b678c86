import { ReadStreamOptions } from '@support/domain';

/** Which revisions a read of a stream of `length` events covers: `count` revisions from `first`, stepping by `step`. */
export interface StreamSlice {
  readonly first: number;
  readonly count: number;
  readonly step: 1 | -1;
}

export function streamSlice(length: number, options: ReadStreamOptions): StreamSlice {
  const limit = options.maxCount === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(options.maxCount));
  const from = options.fromRevision;
  if (options.direction === 'backwards') {
    const first = from === undefined || from === 'end' ? length - 1 : from === 'start' ? 0 : Math.min(Number(from), length - 1);
    return { first, count: Math.max(0, Math.min(limit, first + 1)), step: -1 };
  }
  const first = from === undefined || from === 'start' ? 0 : from === 'end' ? length : Math.max(0, Number(from));
  return { first, count: Math.max(0, Math.min(limit, length - first)), step: 1 };
}
