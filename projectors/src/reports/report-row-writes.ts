import {
  changedRow, Contribution, DocumentWrite, ProjectionReads, ReportDayDocument, reportDayId, ReportDimensions, REPORT_DAYS_COLLECTION,
} from '@support/domain';

const NESTED = ['h', 'sla', 'csat'] as const;

/** The writes that add `changes` (per day) to the rows of these dimensions: each row read, changed and written once. */
export const rowWrites = async (
  reads: ProjectionReads, accountId: string, dimensions: ReportDimensions, changes: Contribution,
): Promise<DocumentWrite[]> => {
  const writes: DocumentWrite[] = [];
  for (const [day, counters] of changes) {
    const id = reportDayId(accountId, day, dimensions);
    const stored = await reads.get<ReportDayDocument>(REPORT_DAYS_COLLECTION, id);
    const row = changedRow(stored ?? { accountId, day, ...dimensions }, counters);
    if (row === null) {
      if (stored !== null) writes.push({ collection: REPORT_DAYS_COLLECTION, id, set: {}, remove: true });
      continue;
    }
    const { _id, ...fields } = row;
    // A nested part left empty is written as null (a write sets fields, it never drops one).
    for (const key of NESTED) fields[key] = fields[key] ?? null;
    writes.push({ collection: REPORT_DAYS_COLLECTION, id, set: fields, upsert: true });
  }
  return writes;
};

/** The opposite of a contribution (a ticket's numbers taken out of the rows it leaves). */
export const negated = (c: Contribution): Contribution =>
  new Map([...c].map(([day, counters]) => [day, new Map([...counters].map(([k, n]) => [k, -n]))]));
