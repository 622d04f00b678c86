import { expect } from 'chai';
import { compactProblemBody, MAX_PROBLEM_BYTES, MAX_PROBLEM_ITEMS, MAX_PROBLEM_TEXT } from '@support/http-edge';

describe('compactProblemBody: the last guard on the size of an error answer', () => {
  it('given a list of 10,000 items, when compacted, then the first ten stay and omitted says how many were left out', () => {
    const body = compactProblemBody({ error: 'Bad Request', message: 'x', errors: Array.from({ length: 10_000 }, (_, i) => `e${i}`) });
    expect(body.errors).to.deep.equal(Array.from({ length: MAX_PROBLEM_ITEMS }, (_, i) => `e${i}`));
    expect(body.omitted).to.deep.equal({ errors: 9_990 });
  });

  it('given a 1 MB message, when compacted, then it is cut and says how much was cut', () => {
    const body = compactProblemBody({ message: 'm'.repeat(1_000_000) });
    expect(body.message).to.have.length(MAX_PROBLEM_TEXT + ' (998000 more characters)'.length + 1);
    expect(String(body.message).endsWith('… (998000 more characters)')).to.equal(true);
  });

  it('given two 1,001-character texts of 4-byte characters (what the fuzz suite found), when compacted, then the answer fits the byte budget', () => {
    const id = '😀'.repeat(1_001);
    const body = compactProblemBody({ error: `Execute action "${id}" not found`, message: `Execute action "${id}" not found`, success: false });
    expect(Buffer.byteLength(JSON.stringify(body))).to.be.at.most(MAX_PROBLEM_BYTES);
    expect(String(body.message)).to.match(/^Execute action "(?:😀)+… \(\d+ more characters\)$/u);
  });

  it('given a small body, when compacted, then it is unchanged', () => {
    const small = { error: { code: '7001', message: 'Invalid template parameters' }, message: 'Invalid', retryAfter: 3, problems: [{ path: 'a', reason: 'b' }] };
    expect(compactProblemBody(small)).to.deep.equal(small);
  });
});
