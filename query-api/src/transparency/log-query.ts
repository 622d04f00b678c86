import * as E from 'fp-ts/Either';
import { Position, positionFromString } from '@support/domain';

import { RawQuery } from '../audit/event-feed-query';

const POSITION = /^\d{1,20}(\/\d{1,20})?$/;
const SIZE = /^[1-9]\d{0,15}$/;

/** The query's parameters, each given at most once, none but the accepted ones: 400 text on the left. */
const parameters = (query: RawQuery, accepted: readonly string[]): E.Either<string, Readonly<Record<string, string | undefined>>> => {
  const unknown = Object.keys(query).filter((k) => !accepted.includes(k));
  if (unknown.length > 0) return E.left(`Unknown parameter "${unknown[0]}": accepted are ${accepted.join(', ')}`);
  const repeated = accepted.find((k) => Array.isArray(query[k]));
  if (repeated !== undefined) return E.left(`${repeated} may be given once`);
  return E.right(Object.fromEntries(accepted.map((k) => [k, (query[k] as string | undefined)?.trim()])));
};

const size = (name: string, raw: string | undefined): E.Either<string, number | undefined> => {
  if (raw === undefined) return E.right(undefined);
  return SIZE.test(raw) && Number.isSafeInteger(Number(raw)) ? E.right(Number(raw)) : E.left(`${name} must be a tree size (a whole number of events, at least 1), got "${raw}"`);
};

export interface InclusionQuery {
  readonly position: Position;
  /** The tree size to prove against; default: the latest checkpoint's. */
  readonly size?: number;
}

/** `?position=<commit>/<prepare>&size=<n>`: the event by its position in the feed. */
export const parseInclusionQuery = (query: RawQuery): E.Either<string, InclusionQuery> => {
  const params = parameters(query, ['position', 'size']);
  if (E.isLeft(params)) return params;
  const { position } = params.right;
  if (position === undefined || !POSITION.test(position)) return E.left(`position must be an event's position as the feed prints it ("<commit>/<prepare>"), got "${position ?? ''}"`);
  const treeSize = size('size', params.right.size);
  if (E.isLeft(treeSize)) return treeSize;
  return E.right({ position: positionFromString(position), ...(treeSize.right !== undefined ? { size: treeSize.right } : {}) });
};

/** `?size=<n>`: the tree size to prove a ticket's events against. */
export const parseTreeSizeQuery = (query: RawQuery): E.Either<string, number | undefined> => {
  const params = parameters(query, ['size']);
  return E.isLeft(params) ? params : size('size', params.right.size);
};

export interface ConsistencyQuery {
  readonly from: number;
  /** Default: the latest checkpoint's size. */
  readonly to?: number;
}

/** `?from=<older size>&to=<newer size>`. */
export const parseConsistencyQuery = (query: RawQuery): E.Either<string, ConsistencyQuery> => {
  const params = parameters(query, ['from', 'to']);
  if (E.isLeft(params)) return params;
  if (params.right.from === undefined) return E.left('from is required: the size of the older checkpoint (its second line)');
  const from = size('from', params.right.from);
  const to = size('to', params.right.to);
  if (E.isLeft(from)) return from;
  if (E.isLeft(to)) return to;
  return E.right({ from: from.right as number, ...(to.right !== undefined ? { to: to.right } : {}) });
};
