import { expect } from 'chai';
import { describePath, inspectBody, MAX_BODY_DEPTH } from '@support/http-edge';

const deepArrays = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('inspectBody: one walk over a parsed body before validation', () => {
  it('given arrays nested 100,000 deep, when inspected, then one place is too deep and no call stack overflows', () => {
    const findings = inspectBody({ x: deepArrays(100_000) });
    expect(findings.tooDeep.count).to.equal(1);
    expect(findings.tooDeep.paths[0]).to.have.length(MAX_BODY_DEPTH);
    expect(findings.tooDeep.paths[0][0]).to.equal('x');
  });

  it(`given nesting of exactly ${MAX_BODY_DEPTH} levels, when inspected, then nothing is found`, () => {
    const findings = inspectBody(deepArrays(MAX_BODY_DEPTH));
    expect(findings.tooDeep.count).to.equal(0);
  });

  it('given 5,000 "__proto__" keys, when inspected, then the first three places are kept in document order and all are counted', () => {
    const body = JSON.parse(`[${Array.from({ length: 5_000 }, (_, i) => `{"__proto__":${i}}`).join(',')}]`);
    const { forbiddenKeys } = inspectBody(body);
    expect(forbiddenKeys.count).to.equal(5_000);
    expect(forbiddenKeys.paths).to.deep.equal([[0, '__proto__'], [1, '__proto__'], [2, '__proto__']]);
  });

  it('given a lone surrogate in a value and in a key, when inspected, then both places are found; a surrogate pair is fine', () => {
    const { malformedText } = inspectBody(JSON.parse('{"a":"\\ud83d\\ude00","b":["x\\udfff"],"\\ud800":1}'));
    expect(malformedText.count).to.equal(2);
    expect(malformedText.paths).to.deep.include.members([['b', 0], ['\ud800']]);
  });

  it('given a deep path with long keys, when described, then the description stays short', () => {
    const path = ['k'.repeat(5_000), ...Array.from({ length: 40 }, () => 'a'), 3];
    const text = describePath(path);
    expect(text.length).to.be.below(120);
    expect(text).to.match(/^k{39}….a.a.a.….a\[3\] \(42 steps deep\)$/);
  });
});
