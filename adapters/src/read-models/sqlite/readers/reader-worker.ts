import { parentPort, workerData } from 'node:worker_threads';
import { openReader } from '../database-file';
import { countDocuments, findDocuments } from '../document-queries';
import { ReaderStatements } from '../statements';
import { TicketQueries } from '../ticket-queries';
import { FromReader, ReadRequest, ToReader } from './read-request';
import { lowerThisThreadsPriority } from './thread-priority';

/**
 * The body of a reader thread (see ReaderPool): its own read-only connection to the read-model
 * file, at a lower priority than the thread that serves requests; runs one read at a time and
 * posts its answer back.
 */
const { file } = workerData as { readonly file: string };
lowerThisThreadsPriority();
const statements = new ReaderStatements(() => openReader(file));
const tickets = new TicketQueries(statements);

const run = (read: ReadRequest): unknown => {
  switch (read.op) {
    case 'ticketPage':
      return tickets.page(read.criteria, read.page, read.limit, read.fields, read.layout);
    case 'ticketCount':
      return tickets.count(read.criteria, read.layout);
    case 'ticketCountAt':
      return tickets.countAt(read.criteria, read.layout, read.readModel);
    case 'ticketExists':
      return tickets.exists(read.criteria);
    case 'find':
      return findDocuments(statements, read.layout, read.query);
    case 'count':
      return countDocuments(statements, read.layout, read.where);
  }
};

const port = parentPort;
port?.on('message', (message: ToReader) => {
  if ('stop' in message) {
    statements.close();
    port.close();
    return;
  }
  if ('reopen' in message) {
    statements.reopen();
    return;
  }
  let answer: FromReader;
  try {
    answer = { id: message.id, value: run(message.read) };
  } catch (e) {
    const err = e as { name?: unknown; message?: unknown; code?: unknown };
    answer = { id: message.id, failure: { name: String(err?.name ?? 'Error'), message: String(err?.message ?? e), ...(typeof err?.code === 'string' ? { code: err.code } : {}) } };
  }
  port.postMessage(answer);
});
