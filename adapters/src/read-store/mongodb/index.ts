export { MongoReadStore } from './mongo-read-store';
