import { expect } from 'chai';
import { attachmentContentDisposition, blobKeyProblem, isValidBlobKey } from '@support/adapters';

describe('blob keys', () => {
  it('given keys of /-separated segments of [A-Za-z0-9._-], then they are valid', () => {
    for (const key of ['a', 'exports/acc-1/job_7.csv', '...', 'a..b/.hidden', 'A/B/C/D/E/F']) {
      expect(blobKeyProblem(key), key).to.equal(null);
    }
  });

  it('given keys that could leave a folder or are not plain segments, then each has a problem', () => {
    for (const key of ['', '..', '../a', 'a/..', '.', './a', '/a', 'a/', 'a//b', 'a\\b', 'C:\\x', 'a b', 'ü.csv', 'a\nb', 'a%2Fb', 'a?b', 'x'.repeat(1025)]) {
      expect(isValidBlobKey(key), JSON.stringify(key)).to.equal(false);
    }
  });
});

describe('attachmentContentDisposition', () => {
  it('given an ASCII file name, then it is the attachment file name both ways', () => {
    expect(attachmentContentDisposition('tickets.csv')).to.equal(`attachment; filename="tickets.csv"; filename*=UTF-8''tickets.csv`);
  });

  it('given a name with quotes, line breaks and non-ASCII letters, then the header stays one safe line with the exact name in filename*', () => {
    const header = attachmentContentDisposition('Tickets "Mai"\r\nX: ü.csv');
    expect(header).to.equal(`attachment; filename="Tickets _Mai___X: _.csv"; filename*=UTF-8''Tickets%20%22Mai%22%0D%0AX%3A%20%C3%BC.csv`);
    expect(decodeURIComponent(header.split("UTF-8''")[1])).to.equal('Tickets "Mai"\r\nX: ü.csv');
  });
});
