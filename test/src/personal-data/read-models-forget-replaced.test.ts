import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteReadModels } from '@support/adapters';
import { readModelShapes, ticketsProjection } from '@support/projectors';
import { writeDocuments } from '../support/sqlite-read-models';
import { ticketDoc } from '../exports/support/seed-tickets';
import { storedForms, valuesHeld } from './support/files-holding';

describe('SQLite read models: a text replaced (an erased customer\'s) leaves nothing of it in the files', () => {
  it('given tickets in the search index, when one\'s customer is replaced and the replaced content is forgotten, then its name is in no file (WAL included), and the other\'s is', async () => {
    // given
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-models-forget-'));
    const file = path.join(dir, 'read-models.sqlite');
    const readModels = SqliteReadModels.open(file, { searchIndexBatch: 300 });
    try {
      await readModels.declare(readModelShapes([ticketsProjection]));
      await writeDocuments(readModels, ticketsProjection.name, 'tickets', [
        ticketDoc({ _id: 't-1', customerName: 'Quentin Zyxwvut' }), ticketDoc({ _id: 't-2', customerName: 'Bartholomew Kept' }),
        ...Array.from({ length: 298 }, (_, i) => ticketDoc({ _id: `t-other-${i}`, customerName: `Customer ${i}` })),
      ]);
      // when
      await writeDocuments(readModels, ticketsProjection.name, 'tickets', [ticketDoc({ _id: 't-1', customerName: null })]);
      await readModels.forgetReplaced();
      // then
      expect(valuesHeld(dir, storedForms('Zyxwvut'))).to.deep.equal([]);
      expect(valuesHeld(dir, ['bartholomew kept'], (name) => name === 'read-models.sqlite')).to.deep.equal(['bartholomew kept in read-models.sqlite']);
    } finally {
      await readModels.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
