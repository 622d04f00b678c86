import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteReadModels, SqliteReadModelsOptions } from '@support/adapters';
import { ReadDocument, ReadModels } from '@support/domain';
import { readModelShapes, ticketsProjection } from '@support/projectors';

/** SQLite read models in a fresh temporary directory (removed after the test run's process exits). */
export const tempSqliteReadModels = (options: SqliteReadModelsOptions = {}): SqliteReadModels => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-models-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return SqliteReadModels.open(path.join(dir, 'read-models.sqlite'), options);
};

/** Documents written as a projection writes them (upserted, whole), with a checkpoint past them. */
export const writeDocuments = async (readModels: ReadModels, readModel: string, collection: string, docs: readonly ReadDocument[]): Promise<void> => {
  const at = { commit: 1n, prepare: 1n };
  await readModels.applyBatch(readModel, at, async (batch) => {
    await batch.write(at, docs.map(({ _id, ...fields }) => ({ collection, id: _id, set: fields, upsert: true })));
  });
};

/** The ticket read model declared (as the tickets projection declares it) and holding these ticket documents. */
export const ticketReadModelsWith = async (docs: readonly ReadDocument[]): Promise<ReadModels> => {
  const readModels = tempSqliteReadModels();
  await readModels.declare(readModelShapes([ticketsProjection]));
  await writeDocuments(readModels, ticketsProjection.name, 'tickets', docs);
  return readModels;
};
