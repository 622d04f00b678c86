import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, internalError, ok } from '@support/http-edge';
import {
  CommandContext, convertRecordData, findResource, InsertRecordRequest, missingRequiredFields, Principal, READ_YOUR_WRITES_MS, RECORDS_PROJECTION, recordStream,
} from '@support/domain';
import { handleRecord } from '@support/event-sourcing';
import { customerForRecord } from './customer-for-record';
import { recordAnswer } from './record-answer';
import { findConflicts } from './record-conflicts';
import { RecordRouteDeps } from './record-deps';
import { recordHttpProblem } from './record-problem';

/** docs/api/records-and-actions.md (Insert): every call adds a record. */
export const insertRecord = async (deps: RecordRouteDeps, principal: Principal, request: InsertRecordRequest, ctx: CommandContext): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const account = principal.account;
  const resource = findResource(account.resources, request.objectId);
  if (resource === undefined) return E.left(recordHttpProblem({ kind: 'resourceNotFound', objectId: request.objectId }));
  const converted = convertRecordData(resource, request.data, { defaultPhoneCountry: account.defaultPhoneCountry });
  if (E.isLeft(converted)) return E.left(recordHttpProblem(converted.left[0], converted.left));
  const data = converted.right;
  const absent = missingRequiredFields(resource, data);
  if (absent.length > 0) return E.left(recordHttpProblem({ kind: 'missingRequired', fields: absent }));

  const customerId = await customerForRecord(deps.eventStore, account.id, resource, data, account.defaultPhoneCountry);
  const recordId = deps.newId();
  const handled = await handleRecord(deps, recordStream(recordId), {
    kind: 'InsertRecord', recordId, accountId: account.id, objectId: resource.id, data, customerId,
    requiredFields: resource.fields.filter((f) => f.required === true).map((f) => f.key), now: ctx.now,
  }, ctx);
  if (E.isLeft(handled)) {
    const err = handled.left;
    if (err.kind === 'missingRequired') return E.left(recordHttpProblem(err));
    deps.logger.error('record insert refused unexpectedly', { kind: err.kind, requestId: ctx.requestId });
    return E.left(internalError());
  }
  const { state, appended } = handled.right;
  if (state.kind !== 'exists') return E.left(internalError());
  if (appended) await deps.progress.waitFor([RECORDS_PROJECTION], appended.position, READ_YOUR_WRITES_MS);
  const conflicts = await findConflicts(deps.readModels, account.id, resource, state.record);
  return ok(recordAnswer(state.record, conflicts));
};
