import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import {
  BULK_UPDATE_JOBS_COLLECTION, BULK_UPDATE_OUTCOMES_COLLECTION, BulkJobDocument, BulkOutcomeDocument, decodeBulkStatusRequest, FieldMatch, Principal, ReadModels,
  ReadOptions,
} from '@support/domain';
import { bulkJobView, bulkOutcomeView } from './bulk-job-view';

export interface BulkStatusDeps {
  readonly readModels: ReadModels;
}

/**
 * GET /apis/tickets/bulk/{jobId} (docs/api/bulk-updates.md, Status): a job of the caller's account
 * (another account's is 404), with one page of its tickets' outcomes in the order they were
 * recorded, optionally of one kind.
 */
export const bulkStatus = async (
  deps: BulkStatusDeps, principal: Principal, jobId: string, query: Readonly<Record<string, unknown>>, options: ReadOptions = {},
): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const request = decodeBulkStatusRequest(query);
  if (E.isLeft(request)) return E.left(problem(400, request.left.message, request.left.field === undefined ? {} : { field: request.left.field }));
  const doc = await deps.readModels.get<BulkJobDocument>(BULK_UPDATE_JOBS_COLLECTION, jobId);
  if (doc === null || doc.accountId !== principal.accountId) return E.left(problem(404, 'Bulk update job not found: no bulk update with this jobId in this account'));
  const { outcome, page, limit } = request.right;
  const where: FieldMatch = { jobId, ...(outcome !== null ? { outcome } : {}) };
  const total = outcome === null ? doc.processed : doc[outcome];
  const docs = await deps.readModels.find<BulkOutcomeDocument>(BULK_UPDATE_OUTCOMES_COLLECTION, { where, sort: { seq: 1 }, skip: (page - 1) * limit, limit }, options);
  return ok({
    success: true,
    job: bulkJobView(doc),
    outcomes: { data: docs.map(bulkOutcomeView), total, page, limit, totalPages: Math.ceil(total / limit) },
  });
};
