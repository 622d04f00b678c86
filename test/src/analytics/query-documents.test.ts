import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { decodeReadModelQuery, READ_MODEL_MAX_LIMIT, scopedWhere } from '@support/query-api';

describe('analysts\' queries of read models', () => {
  it('given a body with a filter of values and conditions, a sort and a page, then they are taken as they are', () => {
    const body = { filter: { status: 'open', 'template.name': 'welcome', total: { gte: 10, lt: 20 }, fileDeleted: { ne: true }, msgId: null }, sort: { createdAt: -1 }, skip: 20, limit: 10 };
    expect(decodeReadModelQuery(body)).to.deep.equal(E.right(body));
  });

  it('given no body, then every document of the scope, first 100', () => {
    expect(decodeReadModelQuery(undefined)).to.deep.equal(E.right({ filter: {}, skip: 0, limit: 100 }));
  });

  it('refuses what is not a query: unknown fields, operators, a filter that is not an object, bad sort values, pages out of range', () => {
    const refused = [
      [{ filter: {}, update: { status: 'x' } }, 'Unknown field "update": accepted are filter, sort, skip, limit'],
      [{ filter: [] }, /^filter must be a JSON object: /],
      [{ filter: { $where: 'this.status == "open"' } }, 'filter keys are field paths such as "status" or "template.name"; "$where" is not one'],
      [{ filter: { status: { $in: ['open'] } } }, /^filter.status takes "ne" alone, or any of lt, lte, gt, gte: /],
      [{ filter: { status: { ne: ['open'] } } }, 'filter.status.ne must be text, a number, true, false or null'],
      [{ filter: { total: { gte: true } } }, 'filter.total.gte must be text or a number'],
      [{ filter: { status: ['open'] } }, /^filter.status must be a value or a condition: /],
      [{ sort: { createdAt: 'desc' } }, 'sort.createdAt must be 1 or -1'],
      [{ sort: { $natural: 1 } }, 'sort keys are field paths such as "createdAt"; "$natural" is not one'],
      [{ projection: { a: 1 } }, 'Unknown field "projection": accepted are filter, sort, skip, limit'],
      [{ limit: READ_MODEL_MAX_LIMIT + 1 }, `limit must be a whole number from 1 to ${READ_MODEL_MAX_LIMIT}`],
      [{ skip: -1 }, 'skip must be a whole number from 0 to 1000000'],
    ] as const;
    for (const [body, message] of refused) {
      const r = decodeReadModelQuery(body);
      if (E.isRight(r)) throw new Error(`expected ${JSON.stringify(body)} to be refused`);
      if (typeof message === 'string') expect(r.left, JSON.stringify(body)).to.equal(message);
      else expect(r.left, JSON.stringify(body)).to.match(message);
    }
  });

  it('keeps an account admin\'s filter inside the account; the operator\'s runs as given', () => {
    expect(scopedWhere({ kind: 'account', accountId: 'acme' }, {})).to.deep.equal({ accountId: 'acme' });
    expect(scopedWhere({ kind: 'account', accountId: 'acme' }, { status: 'open' })).to.deep.equal({ status: 'open', accountId: 'acme' });
    expect(scopedWhere({ kind: 'account', accountId: 'acme' }, { accountId: 'globex', status: 'open' })).to.equal(null);
    expect(scopedWhere({ kind: 'operator' }, { accountId: 'globex' })).to.deep.equal({ accountId: 'globex' });
  });
});
