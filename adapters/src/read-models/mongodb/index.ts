/**
 * The MongoDB engine of the read-model port. Not exported by the adapters' index: the `mongodb`
 * driver is loaded only when MongoDB is configured (see ../../distributed.ts).
 */
export { MongoReadModels } from './mongo-read-models';
export { ticketFilter, ticketSort } from './ticket-filter';
export { databaseInUrl } from './database-url';
