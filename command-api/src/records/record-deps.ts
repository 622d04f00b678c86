import { CommandRouteDeps } from '../shared/command-route-deps';

/** What the resource-record routes need from the composition root. */
export type RecordRouteDeps = CommandRouteDeps;

/** Bound of the read-your-writes wait; past it the answer is given anyway. */
