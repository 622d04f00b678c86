import { expect } from 'chai';
import { fillUrlPlaceholders } from '@support/adapters';

describe('fillUrlPlaceholders and text that has no UTF-8 form', () => {
  it('given a placeholder value with a lone surrogate, when the URL is filled, then the placeholder is reported instead of throwing', () => {
    expect(fillUrlPlaceholders('http://127.0.0.1/o/{{orderId}}', { orderId: 'A\ud800' }).missing).to.deep.equal(['orderId']);
  });

  it('given an emoji (a surrogate pair), when the URL is filled, then it is percent-encoded', () => {
    expect(fillUrlPlaceholders('http://127.0.0.1/o/{{orderId}}', { orderId: 'A😀' })).to.deep.equal({ url: 'http://127.0.0.1/o/A%F0%9F%98%80', missing: [] });
  });
});
