import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, internalError, ok } from '@support/http-edge';
import {
  CommandContext, convertRecordData, convertRecordValue, findResource, handleCommand, holdsValue, missingRequiredFields, Principal, READ_YOUR_WRITES_MS, RecordKeyClaimed, RECORDS_PROJECTION, recordStream, resourceRecordDecider, ResourceRecordEvent, suppliesCustomerContact, toEventData, UpsertRecordRequest,
} from '@support/domain';
import { customerForRecord } from './customer-for-record';
import { recordAnswer } from './record-answer';
import { findConflicts } from './record-conflicts';
import { RecordRouteDeps } from './record-deps';
import { recordHttpProblem } from './record-problem';
import { readKeyClaim, recordsHoldingKey, UpsertKey } from './resolve-upsert-target';

/** Lookups retried when another request changed the claim or the record in between. */
export const MAX_UPSERT_ATTEMPTS = 10;

/**
 * Spec 4.8 / 3.3. The record holding idValue is found through the claim stream of that value
 * (consistent) and the read model (records that got the value otherwise; several candidates are
 * confirmed by their own streams). None: the value is claimed for a new record ('no_stream', or
 * the revision read when an old claim is stale), then the record stream decides insert (empty) or
 * merge (a concurrent upsert wrote it first). One: the claim is moved to it when needed, then the
 * record's decision merges (after checking it still holds the value). More than one: 400, nothing
 * written.
 */
export const upsertRecord = async (deps: RecordRouteDeps, principal: Principal, request: UpsertRecordRequest, ctx: CommandContext): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const account = principal.account;
  const options = { defaultPhoneCountry: account.defaultPhoneCountry };
  const resource = findResource(account.resources, request.objectId);
  if (resource === undefined) return E.left(recordHttpProblem({ kind: 'resourceNotFound', objectId: request.objectId }));
  const idValue = convertRecordValue(resource, request.idField, request.idValue, options);
  if (E.isLeft(idValue)) return E.left(recordHttpProblem(idValue.left));
  const converted = convertRecordData(resource, request.data, options);
  if (E.isLeft(converted)) return E.left(recordHttpProblem(converted.left[0], converted.left));
  if (Object.prototype.hasOwnProperty.call(converted.right, request.idField) && !holdsValue(converted.right, request.idField, idValue.right)) {
    return E.left(recordHttpProblem({ kind: 'identifierMismatch', field: request.idField }));
  }
  const data = { ...converted.right, [request.idField]: idValue.right };
  const customerId = suppliesCustomerContact(resource, data)
    ? await customerForRecord(deps.eventStore, account.id, resource, data, account.defaultPhoneCountry)
    : undefined;
  const key: UpsertKey = { accountId: account.id, objectId: resource.id, idField: request.idField, idValue: idValue.right };
  const requiredFields = resource.fields.filter((f) => f.required === true).map((f) => f.key);

  const stale = new Set<string>();
  for (let attempt = 1; attempt <= MAX_UPSERT_ATTEMPTS; attempt++) {
    const claim = await readKeyClaim(deps.eventStore, key);
    const matches = await recordsHoldingKey(deps.eventStore, deps.readModels, key, claim, stale);
    if (matches.length > 1) return E.left(recordHttpProblem({ kind: 'ambiguousIdentifier', field: request.idField, recordIds: matches }));
    if (matches.length === 0) {
      // A new record: refuse it before claiming the value, so a refused insert leaves no claim behind.
      const absent = missingRequiredFields(resource, data);
      if (absent.length > 0) return E.left(recordHttpProblem({ kind: 'missingRequired', fields: absent }));
    }
    const recordId = matches[0] ?? deps.newId();
    if (claim.recordId !== recordId) {
      const claimed: RecordKeyClaimed = { type: 'RecordKeyClaimed', data: { recordId, accountId: account.id, objectId: resource.id, field: request.idField } };
      const appended = await deps.eventStore.appendToStream(claim.streamName, [toEventData(claimed, ctx, deps.newId)], { expectedRevision: claim.revision ?? 'no_stream' });
      if (E.isLeft(appended)) continue; // another upsert claimed the value first: look again and merge into its record
    }
    const handled = await handleCommand(deps, recordStream(recordId), resourceRecordDecider, {
      kind: 'UpsertRecord', recordId, accountId: account.id, objectId: resource.id, idField: request.idField, idValue: idValue.right,
      data, customerId, requiredFields, now: ctx.now,
    }, ctx);
    if (E.isLeft(handled)) {
      const err = handled.left;
      if (err.kind === 'noLongerMatches') {
        stale.add(err.recordId); // it left the value: look again without it
        continue;
      }
      if (err.kind === 'ConcurrencyConflict') continue;
      if (err.kind === 'missingRequired' || err.kind === 'ambiguousIdentifier' || err.kind === 'identifierMismatch' || err.kind === 'unknownField' || err.kind === 'unconvertible' || err.kind === 'resourceNotFound') {
        return E.left(recordHttpProblem(err));
      }
      deps.logger.error('record upsert refused unexpectedly', { kind: err.kind, requestId: ctx.requestId });
      return E.left(internalError());
    }
    const { state, appended, newEvents } = handled.right;
    if (state.kind !== 'exists') return E.left(internalError());
    if (appended) await deps.progress.waitFor([RECORDS_PROJECTION], appended.position, READ_YOUR_WRITES_MS);
    const operation = (newEvents[0] as ResourceRecordEvent | undefined)?.type === 'ResourceRecordInserted' ? 'inserted' : 'updated';
    const conflicts = await findConflicts(deps.readModels, account.id, resource, state.record, request.idField);
    return ok(recordAnswer(state.record, conflicts, { operation }));
  }
  deps.logger.warn('record upsert kept losing races', { objectId: resource.id, requestId: ctx.requestId });
  return E.left(internalError());
};
