import type * as MingoMain from 'mingo';
import type * as MingoCore from 'mingo/core';
import type * as MingoQueryOperators from 'mingo/operators/query';
import type * as MingoQuery from 'mingo/query';
import type * as MingoUpdater from 'mingo/updater';

/** The parts of mingo the embedded store uses. */
interface Mingo {
  readonly FullQuery: typeof MingoMain.Query;
  readonly Query: typeof MingoQuery.Query;
  /** A context of the query operators alone (see filter-matcher). */
  readonly queryContext: MingoCore.Context;
  readonly update: typeof MingoUpdater.update;
}

let loaded: Mingo | undefined;

/**
 * mingo, loaded on first use (as the distributed adapters are, see app's distributed-adapters):
 * filters run compiled (fast-filter) and plain updates directly (plain-operators, top-level-set),
 * so a start, a rebuild and the list's filters never need it, and loading it cost about 110 ms of
 * every start. Only filters and updates outside those forms do.
 */
export function mingo(): Mingo {
  if (loaded === undefined) {
    const { Context } = require('mingo/core') as typeof MingoCore;
    loaded = {
      FullQuery: (require('mingo') as typeof MingoMain).Query,
      Query: (require('mingo/query') as typeof MingoQuery).Query,
      queryContext: Context.init({ query: require('mingo/operators/query') as typeof MingoQueryOperators }),
      update: (require('mingo/updater') as typeof MingoUpdater).update,
    };
  }
  return loaded;
}
