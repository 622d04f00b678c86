import * as E from 'fp-ts/Either';
import { contention, HttpAnswer, HttpProblem, internalError, ok } from '@support/http-edge';
import {
  CommandContext, convertRecordData, convertRecordValue, findResource, holdsValue, missingRequiredFields, Principal, READ_YOUR_WRITES_MS, RECORDS_PROJECTION, recordStream, ResourceRecordEvent, suppliesCustomerContact, UpsertRecordRequest,
} from '@support/domain';
import { claimHolder, claimUnique, handleRecord, RECORD_KEY, RecordKey } from '@support/event-sourcing';
import { customerForRecord } from './customer-for-record';
import { recordAnswer } from './record-answer';
import { findConflicts } from './record-conflicts';
import { RecordRouteDeps } from './record-deps';
import { recordHttpProblem } from './record-problem';
import { recordsHoldingKey } from './resolve-upsert-target';

/** Looks at who holds the value: a second look only when the record chosen left the value between the first and its decision. */
const MAX_UPSERT_LOOKS = 2;

/**
 * docs/api/records-and-actions.md (Upsert). The record holding idValue is found through the claim of that value (RECORD_KEY,
 * consistent) and the read model (records that got the value otherwise; several candidates are
 * confirmed by their own streams). None: the value is claimed for a new record, then the record
 * stream decides insert (empty) or merge (a concurrent upsert wrote it first). One: the claim is
 * moved to it when needed (its holder no longer holds the value), then the record's decision
 * merges (after checking it still holds the value). A claim that names another record (a racing
 * upsert claimed the value first) merges into that record. More than one: 400, nothing written.
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
  const key: RecordKey = { accountId: account.id, objectId: resource.id, field: request.idField, value: idValue.right };
  const requiredFields = resource.fields.filter((f) => f.required === true).map((f) => f.key);

  const stale = new Set<string>();
  for (let look = 1; look <= MAX_UPSERT_LOOKS; look++) {
    const claimed = await claimHolder(deps, RECORD_KEY, key);
    const matches = await recordsHoldingKey(deps.eventStore, deps.readModels, key, claimed, stale);
    if (matches.length > 1) return E.left(recordHttpProblem({ kind: 'ambiguousIdentifier', field: request.idField, recordIds: matches }));
    if (matches.length === 0) {
      // A new record: refuse it before claiming the value, so a refused insert leaves no claim behind.
      const absent = missingRequiredFields(resource, data);
      if (absent.length > 0) return E.left(recordHttpProblem({ kind: 'missingRequired', fields: absent }));
    }
    let recordId = matches[0] ?? deps.newId();
    if (claimed !== recordId) {
      const claim = await claimUnique(deps, RECORD_KEY, key, recordId, ctx);
      if (E.isLeft(claim)) return E.left(contention('record identifier'));
      recordId = claim.right.holder;
    }
    const handled = await handleRecord(deps, recordStream(recordId), {
      kind: 'UpsertRecord', recordId, accountId: account.id, objectId: resource.id, idField: request.idField, idValue: idValue.right,
      data, customerId, requiredFields, now: ctx.now,
    }, ctx);
    if (E.isLeft(handled)) {
      const err = handled.left;
      if (err.kind === 'noLongerMatches') {
        stale.add(err.recordId); // it left the value: look again without it
        continue;
      }
      if (err.kind === 'ConcurrencyConflict') return E.left(contention('record'));
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
  // The records chosen kept leaving the value while this request decided.
  return E.left(contention('record'));
};
