import { answer, arrayOf, dateTime, errorAnswer, int, object, operation, pathParam, Paths, queryParam, record, ref, str } from '@support/http-edge';

const TAGS = ['Admin (read only)'];

const base64Hash = (description: string) => str(`${description} SHA-256, base64.`, { pattern: '^[A-Za-z0-9+/]{43}=$' });
const hashes = arrayOf(base64Hash('One hash of the proof, lowest first (RFC 9162 2.1.3 and 2.1.4).'));
const note = str('The signed checkpoint (C2SP signed note): `<origin>`, `<size>`, `<root hash, base64>`, `time <ISO 8601>`, an empty line, `— <origin> <base64(key id, signature)>`.');
const treeSize = (name: string, description: string, required = false) => queryParam(name, description, str(undefined, { pattern: '^[1-9][0-9]{0,15}$' }), required);
const noCheckpoint = errorAnswer('No event has reached a checkpoint yet (one is signed a few seconds after the first event), or the event is not in the tree of that size yet (Retry-After).', ref('Error'), { 'Retry-After': { $ref: '#/components/headers/Retry-After' } });

const inclusion = {
  position: str('The event\'s position, as the feed prints it (`commit/prepare`).'),
  leafIndex: int('The event\'s leaf: its index in the log, from 0.', { minimum: 0 }),
  leafHash: base64Hash('SHA-256(0x00 || the RFC 8785 text of the event\'s feed line).'),
  hashes,
};

export const logPaths: Paths = {
  '/admin/log/checkpoint': {
    get: operation({ operationId: 'readLogCheckpoint', summary: 'The latest signed checkpoint of the log\'s Merkle tree (RFC 9162, C2SP)', tags: TAGS }, { auth: 'admin' }, {
      '200': answer('The checkpoint, as the signed note and its fields, with the key that verifies it.', record({
        size: int('The number of events in the tree.', { minimum: 1 }), rootHash: base64Hash('The tree\'s root.'), time: dateTime('When it was signed.'),
        checkpoint: note, verifierKey: str('The signed-note verifier key: `<origin>+<key id, hex>+<base64(0x01 || Ed25519 public key)>`.'),
      })),
      '400': errorAnswer('A parameter: this route takes none.'),
      '404': noCheckpoint,
    }),
  },
  '/admin/log/inclusion': {
    get: operation({
      operationId: 'proveEventInclusion', summary: 'The inclusion proof of one event, by its position (an account admin: its own account\'s events)', tags: TAGS,
      parameters: [
        queryParam('position', 'The event\'s position, as the feed prints it.', str(undefined, { pattern: '^[0-9]+(/[0-9]+)?$' }), true),
        treeSize('size', 'The tree size to prove against (a checkpoint you hold); default: the latest checkpoint\'s.'),
      ],
    }, { auth: 'admin' }, {
      '200': answer('The proof.', object({ ...inclusion, treeSize: int(undefined, { minimum: 1 }), checkpoint: note }, [...Object.keys(inclusion), 'treeSize'])),
      '400': errorAnswer('An unknown parameter, a malformed position or size, or a size larger than the tree.'),
      '404': noCheckpoint,
    }),
  },
  '/admin/log/tickets/{ticketId}/inclusion': {
    get: operation({
      operationId: 'proveTicketEvents', summary: 'The inclusion proof of each event of a ticket\'s stream (an account admin: its own account\'s tickets)', tags: TAGS,
      parameters: [pathParam('ticketId', 'The ticket.'), treeSize('size', 'The tree size to prove against; default: the latest checkpoint\'s.')],
    }, { auth: 'admin' }, {
      '200': answer('A proof per event in the tree; the positions of later events under `pending`.', object({
        ticketId: str(), treeSize: int(undefined, { minimum: 1 }), checkpoint: note,
        events: arrayOf(record({ ...inclusion, streamName: str(), revision: str(), type: str() })), pending: arrayOf(str('A position not yet in the tree of that size.')),
      }, ['ticketId', 'treeSize', 'events', 'pending'])),
      '400': errorAnswer('An unknown parameter, a malformed size, or a size larger than the tree.'),
      '404': errorAnswer('No such ticket (of the account), or no checkpoint yet.', ref('Error'), { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }),
    }),
  },
  '/admin/log/consistency': {
    get: operation({
      operationId: 'proveLogConsistency', summary: 'The proof that the tree of one size is a prefix of the tree of a later size (RFC 9162 2.1.4)', tags: TAGS,
      parameters: [treeSize('from', 'The older size (of a checkpoint you hold).', true), treeSize('to', 'The newer size; default: the latest checkpoint\'s.')],
    }, { auth: 'admin' }, {
      '200': answer('The proof.', object({ from: int(undefined, { minimum: 1 }), to: int(undefined, { minimum: 1 }), hashes, checkpoint: note }, ['from', 'to', 'hashes'])),
      '400': errorAnswer('An unknown or missing parameter, a malformed size, from larger than to, or a size larger than the tree.'),
      '404': noCheckpoint,
    }),
  },
};
