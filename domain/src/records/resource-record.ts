import * as E from 'fp-ts/Either';
import { canonicalJson } from '../fields/canonical-value';
import { Decider } from '../shared/decider';
import { RecordData, ResourceRecordEvent } from './events';
import { RecordProblem } from './record-problems';

/** A resource record as the API shows it (docs/api/records-and-actions.md). */
export interface ResourceRecord {
  readonly id: string;
  readonly objectId: string;
  readonly customerId: string | null;
  readonly data: RecordData;
  readonly createdAt: string;
  readonly updatedAt: string;
}

type RecordState = { readonly kind: 'none' } | { readonly kind: 'exists'; readonly accountId: string; readonly record: ResourceRecord };

interface RecordCommandBase {
  readonly recordId: string;
  readonly accountId: string;
  readonly objectId: string;
  /** Converted values. */
  readonly data: RecordData;
  /** Fields of the resource that must hold a value. */
  readonly requiredFields: readonly string[];
  readonly now: Date;
}

/** docs/api/records-and-actions.md (Insert): a new record. */
export interface InsertRecord extends RecordCommandBase {
  readonly kind: 'InsertRecord';
  readonly customerId: string | null;
}

/**
 * docs/api/records-and-actions.md (Upsert) on one record: an empty stream is inserted (the identifier already in data), an
 * existing record that still holds idValue in idField gets data merged into it.
 */
export interface UpsertRecord extends RecordCommandBase {
  readonly kind: 'UpsertRecord';
  readonly idField: string;
  /** The converted idValue. */
  readonly idValue: unknown;
  /** The customer of the supplied customerIdFrom value; undefined when data does not hold it (keep the link). */
  readonly customerId: string | null | undefined;
}

export type RecordCommand = InsertRecord | UpsertRecord;

/** The record no longer holds idValue (changed between lookup and write): look it up again. */
type RecordDecisionError = RecordProblem | { readonly kind: 'noLongerMatches'; readonly recordId: string } | { readonly kind: 'recordExists'; readonly recordId: string };

const missing = (required: readonly string[], data: RecordData): string[] => required.filter((k) => data[k] === undefined || data[k] === null);

const insert = (c: RecordCommand, customerId: string | null): E.Either<RecordDecisionError, readonly ResourceRecordEvent[]> => {
  const absent = missing(c.requiredFields, c.data);
  if (absent.length > 0) return E.left({ kind: 'missingRequired', fields: absent });
  return E.right([{
    type: 'ResourceRecordInserted',
    data: { recordId: c.recordId, accountId: c.accountId, objectId: c.objectId, customerId, data: c.data, createdAt: c.now.toISOString() },
  }]);
};

export const holdsValue = (data: RecordData, field: string, value: unknown): boolean =>
  data[field] !== undefined && data[field] !== null && canonicalJson(data[field]) === canonicalJson(value);

const decide = (command: RecordCommand, state: RecordState): E.Either<RecordDecisionError, readonly ResourceRecordEvent[]> => {
  if (command.kind === 'InsertRecord') {
    return state.kind === 'none' ? insert(command, command.customerId) : E.left({ kind: 'recordExists', recordId: command.recordId });
  }
  if (state.kind === 'none') return insert(command, command.customerId ?? null);
  const current = state.record;
  if (!holdsValue(current.data, command.idField, command.idValue)) return E.left({ kind: 'noLongerMatches', recordId: current.id });
  const merged: RecordData = { ...current.data, ...command.data };
  const absent = missing(command.requiredFields, merged);
  if (absent.length > 0) return E.left({ kind: 'missingRequired', fields: absent });
  return E.right([{
    type: 'ResourceRecordUpdated',
    data: {
      recordId: current.id, accountId: state.accountId, objectId: current.objectId,
      customerId: command.customerId === undefined ? current.customerId : command.customerId,
      changes: command.data, data: merged, updatedAt: command.now.toISOString(),
    },
  }]);
};

const evolve = (state: RecordState, event: ResourceRecordEvent): RecordState => {
  switch (event.type) {
    case 'ResourceRecordInserted': {
      const d = event.data;
      return { kind: 'exists', accountId: d.accountId, record: { id: d.recordId, objectId: d.objectId, customerId: d.customerId, data: d.data, createdAt: d.createdAt, updatedAt: d.createdAt } };
    }
    case 'ResourceRecordUpdated': {
      if (state.kind === 'none') return state;
      const d = event.data;
      return { ...state, record: { ...state.record, customerId: d.customerId, data: d.data, updatedAt: d.updatedAt } };
    }
    default:
      return state;
  }
};

export const resourceRecordDecider: Decider<RecordCommand, ResourceRecordEvent, RecordState, RecordDecisionError> = {
  initialState: () => ({ kind: 'none' }),
  evolve,
  decide,
};
