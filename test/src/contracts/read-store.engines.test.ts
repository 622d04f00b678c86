import { randomUUID } from 'node:crypto';
import { EmbeddedReadStore } from '@support/adapters';
import { MongoReadStore } from '@support/adapters/dist/distributed';
import { readStoreContract } from './read-store.contract';

readStoreContract('EmbeddedReadStore', async () => {
  const engine = new EmbeddedReadStore();
  return { engine, cleanup: () => engine.close() };
});

const mongodbUrl = process.env.MONGODB_URL;
const LOOPBACK = /^mongodb:\/\/(?:[^@/]*@)?(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?(?:[/?]|$)/;

describe('on MongoDB (runs only when MONGODB_URL is set to a loopback server, e.g. mongodb://127.0.0.1:27017)', function () {
  this.timeout(30_000);

  before(function () {
    if (!mongodbUrl) {
      console.log('      skipped: MONGODB_URL is not set');
      this.skip();
    } else if (!LOOPBACK.test(mongodbUrl)) {
      console.log('      skipped: MONGODB_URL does not point at a loopback address, and tests touch loopback only');
      this.skip();
    }
  });

  readStoreContract('MongoReadStore', async () => {
    if (!mongodbUrl) throw new Error('MONGODB_URL is not set');
    const engine = await MongoReadStore.connect(mongodbUrl, `read_store_contract_${randomUUID().replace(/-/g, '').slice(0, 16)}`);
    return {
      engine,
      cleanup: async () => {
        await engine.dropDatabase();
        await engine.close();
      },
    };
  });
});
