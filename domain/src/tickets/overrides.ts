import * as E from 'fp-ts/Either';
import { Account, DataPoint, Task } from '../config/account-config';

const MAX_DATA_POINT_OVERRIDES = 50;

/** Overrides by the data point's configured name (keys matched case-insensitively). */
export type DataPointOverrides = Readonly<Record<string, string>>;

export const findDataPoint = (account: Account, name: string): DataPoint | undefined =>
  (account.dataPoints ?? []).find((d) => d.name.toLowerCase() === name.toLowerCase());

const quoted = (s: string) => JSON.stringify(s);

/**
 * dataPointOverrides of docs/api/tickets.md (dataPointOverrides) (pure). Every rejection is a message beginning "Data point"
 * that names the key and the reason. Answers the overrides keyed by the configured data point name.
 * An absent or empty object means no overrides.
 */
export const checkDataPointOverrides = (
  account: Account,
  task: Task | null,
  overrides: Readonly<Record<string, unknown>> | undefined,
  objectiveValues: Readonly<Record<string, string>> | undefined,
): E.Either<string, DataPointOverrides> => {
  const entries = Object.entries(overrides ?? {});
  if (entries.length === 0) return E.right({});
  if (entries.length > MAX_DATA_POINT_OVERRIDES) {
    return E.left(`Data point overrides are limited to ${MAX_DATA_POINT_OVERRIDES} keys per request (got ${entries.length})`);
  }
  if (task === null) return E.left('Data point overrides need a task: send taskName or currentTaskId with dataPointOverrides');

  const direct = (task.dataPoints ?? []).map((n) => n.toLowerCase());
  const objectiveKeys = new Set(Object.keys(objectiveValues ?? {}).map((k) => k.toLowerCase()));
  const accepted: Record<string, string> = {};

  for (const [key, value] of entries) {
    if (key.trim() === '') return E.left('Data point override keys must be non-empty data point names');
    if (typeof value !== 'string' || value.trim() === '') {
      return E.left(`Data point ${quoted(key)}: the override value must be a non-empty string`);
    }
    const dataPoint = findDataPoint(account, key);
    if (dataPoint === undefined) return E.left(`Data point ${quoted(key)} is unknown: no data point of this account has that name`);
    if (!direct.includes(dataPoint.name.toLowerCase())) {
      return E.left(`Data point ${quoted(key)} is not used directly by task ${quoted(task.name)}: override only its data points (${(task.dataPoints ?? []).join(', ')})`);
    }
    if (dataPoint.source === 'computed') return E.left(`Data point ${quoted(key)} is computed from other data points: it cannot be overridden (override its inputs instead)`);
    if (dataPoint.source === 'executeAction') return E.left(`Data point ${quoted(key)} comes from an execute action: it cannot be overridden`);
    if (dataPoint.source === 'spreadsheet' && dataPoint.writesToSpreadsheet === true) {
      return E.left(`Data point ${quoted(key)} writes to a spreadsheet: it cannot be overridden`);
    }
    if (dataPoint.possibleValues !== undefined && !dataPoint.possibleValues.includes(value)) {
      return E.left(`Data point ${quoted(key)}: value ${quoted(value)} is not one of its possible values (${dataPoint.possibleValues.join(', ')})`);
    }
    if (objectiveKeys.has(key.toLowerCase())) {
      return E.left(`Data point ${quoted(key)} is also sent in objectiveValues (keys match case-insensitively): send it in only one of them`);
    }
    if (accepted[dataPoint.name] !== undefined) {
      return E.left(`Data point ${quoted(key)} is overridden twice (keys match case-insensitively): send it once`);
    }
    accepted[dataPoint.name] = value;
  }
  return E.right(accepted);
};
