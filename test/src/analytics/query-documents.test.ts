import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { decodeReadModelQuery, READ_MODEL_MAX_LIMIT, scopedFilter, unsafeInFilter } from '@support/query-api';

describe('analysts\' query documents (read models)', () => {
  it('given a body with filter, sort, projection and a page, then they are taken as MongoDB documents', () => {
    const body = { filter: { status: { $in: ['open', 'queued'] } }, sort: { createdAt: -1 }, projection: { ticketNumber: 1, status: 1 }, skip: 20, limit: 10 };
    expect(decodeReadModelQuery(body)).to.deep.equal(E.right(body));
  });

  it('given no body, then every document of the scope, first 100', () => {
    expect(decodeReadModelQuery(undefined)).to.deep.equal(E.right({ filter: {}, skip: 0, limit: 100 }));
  });

  it('refuses what is not a query: unknown fields, a filter that is not an object, bad sort or projection values, pages out of range', () => {
    const refused = [
      [{ filter: {}, update: { $set: { status: 'x' } } }, 'Unknown field "update": accepted are filter, sort, projection, skip, limit'],
      [{ filter: [] }, 'filter must be a MongoDB filter document (a JSON object)'],
      [{ sort: { createdAt: 'desc' } }, 'sort.createdAt must be 1 or -1'],
      [{ sort: { $natural: 1 } }, 'sort keys are field paths; "$natural" is not one'],
      [{ projection: { a: true } }, 'projection.a must be 0 or 1'],
      [{ limit: READ_MODEL_MAX_LIMIT + 1 }, `limit must be a whole number from 1 to ${READ_MODEL_MAX_LIMIT}`],
      [{ skip: -1 }, 'skip must be a whole number from 0 to 1000000'],
    ] as const;
    for (const [body, message] of refused) expect(decodeReadModelQuery(body), JSON.stringify(body)).to.deep.equal(E.left(message));
  });

  it('refuses operators that run code and regular expressions that backtrack without end, at any depth', () => {
    expect(unsafeInFilter({ $where: 'this.status == "open"' })).to.equal('filter.$where: operators that run code are not accepted');
    expect(unsafeInFilter({ $and: [{ $expr: { $function: { body: 'x', args: [], lang: 'js' } } }] })).to.match(/\$function: operators that run code/);
    expect(unsafeInFilter({ summary: { $regex: '(a+)+$' } })).to.match(/repeats a group that itself repeats/);
    expect(unsafeInFilter({ summary: { $regex: 'x'.repeat(300) } })).to.match(/longer than 256/);
    expect(unsafeInFilter({ summary: { $regex: '^kettle (broken|cracked)', $options: 'i' }, ticketNumber: { $gte: 10 } })).to.equal(null);
  });

  it('keeps an account admin\'s filter inside the account; the operator\'s runs as given', () => {
    expect(scopedFilter({ kind: 'account', accountId: 'acme' }, {})).to.deep.equal({ accountId: 'acme' });
    expect(scopedFilter({ kind: 'account', accountId: 'acme' }, { accountId: 'globex' })).to.deep.equal({ $and: [{ accountId: 'acme' }, { accountId: 'globex' }] });
    expect(scopedFilter({ kind: 'operator' }, { accountId: 'globex' })).to.deep.equal({ accountId: 'globex' });
  });
});
