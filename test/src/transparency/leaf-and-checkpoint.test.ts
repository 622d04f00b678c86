import { expect } from 'chai';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { eventLeafHash, eventRecord, hashLeaf, isCheckpointError, leafBytes, openCheckpoint, signCheckpoint, verifierKey } from '@support/event-sourcing';
import { ed25519 } from './tree-fixtures';

describe('transparency: the leaf of an event and the signed checkpoint', () => {
  it('given an event, then its leaf is the RFC 8785 text of the feed\'s line: keys sorted, no spaces, numbers in ECMAScript form, text unescaped', () => {
    const record = eventRecord({
      position: { commit: 7n, prepare: 7n }, streamName: 'ticket-1', revision: 0n, id: 'e-1', type: 'TicketCreated',
      created: new Date('2026-01-02T03:04:05.006Z'), data: { subject: 'Tasse cassée', z: 1e21, a: [0.5, -0, 'x'] },
      metadata: { version: 1, accountId: 'acme' },
    } as never);
    expect(leafBytes(record).toString('utf8')).to.equal(
      '{"created":"2026-01-02T03:04:05.006Z","data":{"a":[0.5,0,"x"],"subject":"Tasse cassée","z":1e+21},"id":"e-1",'
      + '"metadata":{"accountId":"acme","version":1},"position":"7/7","revision":"0","streamName":"ticket-1","type":"TicketCreated"}',
    );
    // The same record as JSON text and back (what an auditor reads from the feed) gives the same bytes.
    expect(leafBytes(JSON.parse(JSON.stringify(record))).equals(leafBytes(record))).to.equal(true);
  });

  it('given any JSON data and metadata, then the leaf and its hash are those of the text the RFC 8785 reference implementation (canonicalize) writes', () => {
    // Any text (lone surrogates and control characters included), numbers of every magnitude, nested objects and arrays.
    const json = fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 });
    fc.assert(fc.property(json, json, fc.string({ unit: 'binary' }), (data, metadata, type) => {
      const event = {
        position: { commit: 3n, prepare: 3n }, streamName: 'ticket-1', revision: 2n, id: 'e-3', type,
        created: new Date('2026-01-02T03:04:05.006Z'), data, metadata,
      } as never;
      const reference = canonicalize(eventRecord(event)) as string;
      expect(leafBytes(eventRecord(event)).toString('utf8')).to.equal(reference);
      expect(eventLeafHash(event).equals(hashLeaf(Buffer.from(reference, 'utf8')))).to.equal(true);
    }), { numRuns: 2_000 });
  });

  it('given a signed checkpoint, then the verifier key opens it; a changed size, another key or a changed origin does not', () => {
    const { privateKey, publicKey } = ed25519();
    const checkpoint = { origin: 'support.example/log', size: 42, root: Buffer.alloc(32, 7), time: new Date('2026-11-27T10:00:00.000Z') };
    const note = signCheckpoint(checkpoint, privateKey);
    expect(note.split('\n').slice(0, 5)).to.deep.equal(['support.example/log', '42', Buffer.alloc(32, 7).toString('base64'), 'time 2026-11-27T10:00:00.000Z', '']);
    expect(note).to.match(/\n\n\u2014 support\.example\/log [A-Za-z0-9+/]{91}=\n$/);
    const verifier = verifierKey('support.example/log', publicKey);
    expect(verifier).to.match(/^support\.example\/log\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    expect(openCheckpoint(note, verifier)).to.deep.equal(checkpoint);
    const changed = openCheckpoint(note.replace('\n42\n', '\n43\n'), verifier);
    expect(isCheckpointError(changed) && changed.kind).to.equal('BadCheckpointSignature');
    expect(isCheckpointError(openCheckpoint(note, verifierKey('support.example/log', ed25519().publicKey)))).to.equal(true);
    expect(isCheckpointError(openCheckpoint(note, verifierKey('other/log', publicKey)))).to.equal(true);
    // A key whose base64 holds "+" (the name and key id never do) opens as well.
    for (let tries = 0; tries < 64; tries++) {
      const pair = ed25519();
      const key = verifierKey('support.example/log', pair.publicKey);
      if (key.split('+').length <= 3) continue;
      expect(openCheckpoint(signCheckpoint(checkpoint, pair.privateKey), key)).to.deep.equal(checkpoint);
      break;
    }
    const malformed = openCheckpoint('no body', verifier);
    expect(isCheckpointError(malformed) && malformed.kind).to.equal('MalformedCheckpoint');
  });
});
