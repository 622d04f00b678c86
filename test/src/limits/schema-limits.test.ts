import { expect } from 'chai';
import { limitFindings, limitsProblem, Schema } from '@support/http-edge';

const components: Record<string, Schema> = {
  Free: { maxLength: 5, maxItems: 2, maxProperties: 2, items: { $ref: '#/components/schemas/Free' }, additionalProperties: { $ref: '#/components/schemas/Free' } },
};
const resolve = (ref: string) => components[ref.split('/').pop()!];

const body: Schema = {
  type: 'object',
  properties: {
    subject: { type: 'string', maxLength: 4 },
    to: { type: 'array', maxItems: 2, items: { type: 'string', maxLength: 3 } },
    category: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
    data: { type: 'object', maxProperties: 3, additionalProperties: { $ref: '#/components/schemas/Free' } },
  },
};

describe('request sizes as the OpenAPI schema documents them (limitFindings)', () => {
  it('given text within its maxLength counted in characters (an emoji is one), when checked, then nothing is found', () => {
    expect(limitFindings({ subject: '😀😀😀😀', to: ['a', 'b'], category: null, data: { a: 'xxxxx' } }, body, resolve)).to.deep.equal([]);
  });

  it('given text one character over, when checked, then its path, limit and length are found', () => {
    expect(limitFindings({ subject: 'abcde' }, body, resolve)).to.deep.equal([{ path: ['subject'], limit: 'maxLength', max: 4, actual: 5 }]);
  });

  it('given a list over its maxItems, when checked, then the list is found once and its items are not looked into', () => {
    expect(limitFindings({ to: ['aaaa', 'bbbb', 'cccc'] }, body, resolve)).to.deep.equal([{ path: ['to'], limit: 'maxItems', max: 2, actual: 3 }]);
  });

  it('given an item of a list too long, when checked, then its index is in the path', () => {
    expect(limitFindings({ to: ['ok', 'long'] }, body, resolve)).to.deep.equal([{ path: ['to', 1], limit: 'maxLength', max: 3, actual: 4 }]);
  });

  it('given a value that fits one branch of anyOf, when checked, then nothing is found; past every branch, then it is found', () => {
    expect(limitFindings({ category: 'abc' }, body, resolve)).to.deep.equal([]);
    expect(limitFindings({ category: 'abcd' }, body, resolve)).to.deep.equal([{ path: ['category'], limit: 'maxLength', max: 3, actual: 4 }]);
  });

  it('given free data nested through a recursive reference, when checked, then a place deep inside is found', () => {
    expect(limitFindings({ data: { a: { b: ['ok', 'too long'] } } }, body, resolve)).to.deep.equal([{ path: ['data', 'a', 'b', 1], limit: 'maxLength', max: 5, actual: 8 }]);
    expect(limitFindings({ data: { a: 1, b: 2, c: 3, d: 4 } }, body, resolve)).to.deep.equal([{ path: ['data'], limit: 'maxProperties', max: 3, actual: 4 }]);
  });

  it('given many places past their limits, when made a problem, then the message names three with their limits and counts the rest, and fields lists them all', () => {
    const p = limitsProblem(limitFindings({ subject: 'abcdef', to: ['aaaa', 'bbbb'], category: 'abcd', data: { x: 'yyyyyy' } }, body, resolve))!;
    expect(p.status).to.equal(400);
    expect(p.body.message).to.equal(
      'subject must be at most 4 characters, got 6: shorten it; to[0] must be at most 3 characters, got 4: shorten it; '
      + 'to[1] must be at most 3 characters, got 4: shorten it (and 2 more past their limits)',
    );
    expect(p.body.fields).to.deep.equal(['subject', 'to[0]', 'to[1]', 'category', 'data.x']);
  });
});
