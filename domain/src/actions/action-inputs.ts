import * as E from 'fp-ts/Either';
import { ExecuteAction } from '../config/account-config';
import { FieldConversionOptions, convertFieldValue } from '../fields/convert-field-value';

type ActionInputs = Readonly<Record<string, unknown>>;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const INPUTS_NOT_OBJECT = 'inputs must be a JSON object keyed by the action\'s input names';

/**
 * docs/api/records-and-actions.md (execute action): inputs converted by the action's input types, fixed inputs overriding supplied
 * values. Every problem is listed: inputs that are not an object, each required input that is
 * missing (null counts as missing) and each value that does not convert. Supplied names the
 * action does not declare are not sent (see unknownInputErrors for callers that refuse them).
 */
export const convertActionInputs = (action: ExecuteAction, inputs: unknown, options: FieldConversionOptions = {}): E.Either<readonly string[], ActionInputs> => {
  if (inputs === undefined || inputs === null) inputs = {};
  if (!isPlainObject(inputs)) return E.left([INPUTS_NOT_OBJECT]);
  const supplied = inputs;
  const fixed = action.fixedInputs ?? {};
  const errors: string[] = [];
  const converted: Record<string, unknown> = {};
  for (const input of action.inputs ?? []) {
    if (Object.prototype.hasOwnProperty.call(fixed, input.name)) continue;
    const value = supplied[input.name];
    if (value === undefined || value === null) {
      if (input.required === true) errors.push(`Input "${input.name}" is required`);
      continue;
    }
    const r = convertFieldValue(input.type, value, options);
    if (E.isLeft(r)) errors.push(`Input "${input.name}" must be ${r.left.expected}`);
    else converted[input.name] = r.right;
  }
  return errors.length > 0 ? E.left(errors) : E.right({ ...converted, ...fixed });
};

/** Supplied input names the action neither declares nor fixes. */
export const unknownInputErrors = (action: ExecuteAction, inputs: unknown): string[] => {
  if (!isPlainObject(inputs)) return [];
  const known = new Set([...(action.inputs ?? []).map((i) => i.name), ...Object.keys(action.fixedInputs ?? {})]);
  const accepted = (action.inputs ?? []).map((i) => i.name);
  return Object.keys(inputs)
    .filter((k) => !known.has(k))
    .map((k) => `Unknown input "${k}": the action accepts ${accepted.length > 0 ? accepted.join(', ') : 'no inputs'}`);
};
