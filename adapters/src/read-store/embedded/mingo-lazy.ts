import type { Query as FullQueryType } from 'mingo';
import type { Context as ContextType } from 'mingo/core';
import type { Query as QueryType } from 'mingo/query';
import type { update as UpdateType } from 'mingo/updater';

/** The parts of mingo the embedded store uses. */
interface Mingo {
  readonly FullQuery: typeof FullQueryType;
  readonly Query: typeof QueryType;
  /** A context of the query operators alone (see filter-matcher). */
  readonly queryContext: ContextType;
  readonly update: typeof UpdateType;
}

let loaded: Mingo | undefined;

/**
 * mingo, loaded on first use: filters run compiled (fast-filter) and plain updates directly
 * (plain-operators, top-level-set), so a start, a rebuild and the list's filters never need it,
 * and loading it cost about 110 ms of every start. Only filters and updates outside those forms do.
 */
export function mingo(): Mingo {
  if (loaded === undefined) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { Context } = require('mingo/core') as typeof import('mingo/core');
    const queryOperators = require('mingo/operators/query') as typeof import('mingo/operators/query');
    loaded = {
      FullQuery: (require('mingo') as typeof import('mingo')).Query,
      Query: (require('mingo/query') as typeof import('mingo/query')).Query,
      queryContext: Context.init({ query: queryOperators }),
      update: (require('mingo/updater') as typeof import('mingo/updater')).update,
    };
  }
  return loaded;
}
