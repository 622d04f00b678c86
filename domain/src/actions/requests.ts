import * as t from 'io-ts';
import { NonEmptyString } from '../config/refinements';
import { strictObject } from '../shared/strict';

/** docs/api/records-and-actions.md (execute action) body; inputs is checked by convertActionInputs (so its problems join the others). */
export const RunActionRequest = strictObject('RunActionRequest', {}, { workflowConfigLibraryId: NonEmptyString, executeActionKey: NonEmptyString, inputs: t.unknown });
export type RunActionRequest = t.TypeOf<typeof RunActionRequest>;
