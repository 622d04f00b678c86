import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { ActualAnswer, Captures, compareAnswer, Example, matchValue, parseCurl, parseDocument, readBlock, REPO_ROOT, shellWords } from './doc-examples';
import { DocumentSession, ExampleMismatch } from './doc-session';

const answer = (status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): ActualAnswer => ({ status, headers: new Headers(headers), text: body });
const endpoints = { base: 'http://127.0.0.1:5555', store: null };

describe('The documentation example runner', () => {
  describe('reading examples', () => {
    it('given a sh block with one curl command and a json block after it, then it is one example with its answer', () => {
      const md = ['Create:', '', '```sh', "curl -s -X POST http://127.0.0.1:8080/x \\", "  -H 'Content-Type: application/json' -d '{\"a\":1}'", '```', '', '```json', '{ "ok": true }', '```'].join('\n');
      const doc = parseDocument(md, path.join(REPO_ROOT, 'x.md'));
      expect(doc.examples).to.have.length(1);
      expect(doc.examples[0].line).to.equal(3);
      expect(doc.examples[0].answer).to.include({ kind: 'json', body: '{ "ok": true }' });
      const req = readBlock(doc.examples[0].source, new Map());
      expect(req).to.deep.include({ method: 'POST', url: 'http://127.0.0.1:8080/x', body: '{"a":1}', include: false });
      expect(req.headers).to.deep.equal({ 'Content-Type': 'application/json' });
    });

    it('given an http answer, then its status, headers and body are read', () => {
      const md = ['```sh', 'curl -si http://127.0.0.1:8080/x', '```', '```http', 'HTTP/1.1 429 Too Many Requests', 'Retry-After: <any>', '', '{"error":"…"}', '```'].join('\n');
      const a = parseDocument(md, 'x.md').examples[0].answer!;
      expect(a).to.deep.include({ kind: 'http', status: 429, body: '{"error":"…"}' });
      expect(a.headers).to.deep.equal([['Retry-After', '<any>']]);
    });

    it('given a request without its answer, a curl line in another kind of block, or a skip without a reason, then reading the document fails naming the line', () => {
      expect(() => parseDocument('```sh\ncurl -s http://127.0.0.1:8080/x\n```\n\nSome text.\n', 'x.md')).to.throw(/x\.md:1: a request example is followed directly by its answer/);
      expect(() => parseDocument('```text\ncurl -s http://127.0.0.1:8080/x\n```\n', 'x.md')).to.throw(/x\.md:1: a curl command in a ```text block/);
      expect(() => parseDocument('<!-- example: skip -->\n```sh\ncurl -s http://127.0.0.1:8080/x\n```\n', 'x.md')).to.throw(/says why/);
      const skipped = parseDocument('<!-- example: skip: needs the platform -->\n```sh\ncurl -s http://127.0.0.1:8080/x\n```\n', 'x.md');
      expect(skipped.examples[0].skip).to.equal('needs the platform');
    });

    it('given shell quoting and variables, then words are what sh makes of them; pipes, substitutions and unknown options are refused', () => {
      const vars = new Map([['ticketId', 't-1']]);
      expect(shellWords(`curl -s "http://h/a/$ticketId/b" -d '{"x":"$y"}' -H "A: \\"q\\""`, vars)).to.deep.equal(['curl', '-s', 'http://h/a/t-1/b', '-d', '{"x":"$y"}', '-H', 'A: "q"']);
      expect(() => shellWords('curl -s http://h | jq .', vars)).to.throw(/pipe/);
      expect(() => shellWords('curl -s http://h/$(date)', vars)).to.throw(/substitution/);
      expect(() => shellWords('curl -s http://h/$nothing', vars)).to.throw(/\$nothing is not set/);
      expect(() => parseCurl(['curl', '--retry', '3', 'http://h'])).to.throw(/--retry/);
      expect(parseCurl(['curl', '-d', 'a=1', 'http://h'])).to.deep.include({ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      const assigned = new Map<string, string>();
      expect(readBlock('T=acme-admin-token-0001\ncurl -s -H "Authorization: Bearer $T" http://h', assigned).headers).to.deep.equal({ Authorization: 'Bearer acme-admin-token-0001' });
      expect(() => readBlock('npm start\ncurl -s http://h', new Map())).to.throw(/neither curl nor a variable/);
      const multiLine = readBlock("# a comment\ncurl -s http://h \\\n  -d '{\"a\":1,\n       \"b\":2}'\n", new Map());
      expect(JSON.parse(multiLine.body!)).to.deep.equal({ a: 1, b: 2 });
    });
  });

  describe('matching answers', () => {
    it('given placeholders, then <name> captures and must repeat, <time> is a date-time, … stands for keys, elements and text', () => {
      const captures: Captures = new Map();
      const shown = { id: '<ticketId>', ticket: { id: '<ticketId>', createdAt: '<time>', '…': '…' }, url: '/x/<ticketId>/y', tags: ['a', '…'], note: 'Hello …' };
      const real = { id: 'abc', ticket: { id: 'abc', createdAt: '2026-01-02T03:04:05.678Z', more: 1 }, url: '/x/abc/y', tags: ['a', 'b', 'c'], note: 'Hello world' };
      expect(matchValue(shown, real, '$', captures)).to.deep.equal([]);
      expect(captures.get('ticketId')).to.equal('abc');
      expect(matchValue({ id: '<ticketId>' }, { id: 'other' }, '$', captures)).to.deep.equal(['$.id: expected <ticketId> = "abc" (as earlier in the document), got "other"']);
      expect(matchValue({ at: '<time>' }, { at: 'yesterday' }, '$', new Map())).to.have.length(1);
    });

    it('given an object shown without "…", then a key the document does not show is a difference, and so is a missing one', () => {
      expect(matchValue({ a: 1 }, { a: 1, b: 2 }, '$', new Map())[0]).to.match(/keys the document does not show: b/);
      expect(matchValue({ a: 1, c: 3 }, { a: 1 }, '$', new Map())[0]).to.match(/\$\.c: expected 3, the answer has no such key/);
      expect(matchValue([1, 2], [1, 2, 3], '$', new Map())[0]).to.match(/expected 2 elements, got 3/);
    });

    it('given an http answer, then the status and the headers shown are checked, and the body as JSON', () => {
      const req = parseCurl(['curl', '-si', 'http://127.0.0.1:8080/x']);
      const shown = { kind: 'http' as const, status: 202, headers: [['Location', 'http://127.0.0.1:8080/j/<jobId>'] as const], body: '{ "jobId": "<jobId>" }', line: 1 };
      const captures: Captures = new Map();
      expect(compareAnswer(shown, req, answer(202, '{"jobId":"j1"}', { 'content-type': 'application/json', location: 'http://127.0.0.1:5555/j/j1' }), captures, endpoints)).to.deep.equal([]);
      expect(captures.get('jobId')).to.equal('j1');
      const wrong = compareAnswer(shown, req, answer(200, '{"jobId":"j2"}', { 'content-type': 'application/json', location: 'http://127.0.0.1:5555/j/j2' }), new Map(), endpoints);
      expect(wrong).to.deep.equal(['status: expected 202, got 200']);
    });

    it('given a body-only answer, then a failure status is a difference; and text bodies match with … across lines', () => {
      const req = parseCurl(['curl', '-s', 'http://127.0.0.1:8080/x']);
      const json = { kind: 'json' as const, status: null, headers: [], body: '{"error":"…"}', line: 1 };
      expect(compareAnswer(json, req, answer(404, '{"error":"Not found"}'), new Map(), endpoints)[0]).to.match(/got 404/);
      const text = { kind: 'text' as const, status: null, headers: [], body: 'Ticket Number,…\n1,Ticket,…', line: 1 };
      expect(compareAnswer(text, req, answer(200, 'Ticket Number,Ticket Type\r\n1,Ticket,x\r\n', { 'content-type': 'text/csv' }), new Map(), endpoints)).to.deep.equal([]);
      expect(compareAnswer(text, req, answer(200, 'Ticket Number,Ticket Type\r\n2,Ticket,x\r\n', { 'content-type': 'text/csv' }), new Map(), endpoints)).to.have.length(1);
    });
  });

  describe('a deliberately changed example answer', function () {
    this.timeout(60_000);

    /** The README's first example whose answer shows a value, with that value changed. */
    const changedReadme = (): { examples: Example[]; changed: Example; at: string } => {
      const file = path.join(REPO_ROOT, 'README.md');
      const doc = parseDocument(readFileSync(file, 'utf8'), file);
      const examples = doc.examples.filter((e) => e.skip === null);
      const index = examples.findIndex((e) => e.answer!.kind === 'json' && /"ticketNumber":\s*1\b/.test(e.answer!.body));
      expect(index, 'README.md shows a created ticket with "ticketNumber": 1').to.be.at.least(0);
      const original = examples[index];
      const changed: Example = { ...original, answer: { ...original.answer!, body: original.answer!.body.replace(/"ticketNumber":\s*1\b/, '"ticketNumber": 2') } };
      return { examples: [...examples.slice(0, index), changed], changed, at: 'ticketNumber' };
    };

    it('given README.md with one answer changed (ticketNumber 1 shown as 2), when its examples run, then that example fails naming the one value, and nothing else differs', async () => {
      const file = path.join(REPO_ROOT, 'README.md');
      const { examples, changed } = changedReadme();
      const session = await DocumentSession.start(parseDocument(readFileSync(file, 'utf8'), file));
      try {
        for (const e of examples.slice(0, -1)) await session.run(e);
        let failure: unknown;
        try {
          await session.run(changed);
        } catch (e) {
          failure = e;
        }
        expect(failure, 'the changed answer must fail').to.be.instanceOf(ExampleMismatch);
        expect((failure as ExampleMismatch).problems).to.have.length(1);
        expect((failure as ExampleMismatch).problems[0]).to.match(/\.ticketNumber: expected 2, got 1$/);
      } finally {
        await session.stop();
      }
    });
  });
});
