import path from 'node:path';
import { storeSystemClient, StoreClientOptions } from '@support/adapters';
import { StoreAuditLine, ReferenceCatalog, loadReferenceCatalog, ReferenceStore, ReferenceStoreOptions, startReferenceStore } from '@support/store-reference';
import { StoreCalls } from '@support/domain';

const DEMO_CATALOG = path.resolve(__dirname, '..', '..', '..', 'app', 'config', 'store-catalog.json');

/** A fresh copy of the demo catalog (app/config/store-catalog.json). */
export const demoCatalog = (): ReferenceCatalog => JSON.parse(JSON.stringify(loadReferenceCatalog(DEMO_CATALOG)));

/** Contacts of the demo catalog (acme-store, token store-secret). */
export const DEMO = {
  token: 'store-secret',
  outletToken: 'outlet-secret',
  ordersOnlyToken: 'acme-orders-only',
  globexToken: 'globex-store-secret',
  /** Priya Sharma: three orders (#1005 newest, #1002, #1001). */
  priya: { phone: '+919876543210', email: 'priya.sharma@example.com', localPhone: '98765 43210' },
  /** Daniel Okoye: one cancelled order whose order_id has slashes (gid://acme/Order/5003). */
  daniel: { phone: '+14155550123', email: 'daniel.okoye@example.com' },
  /** Mei Tan: a guest with one order (#1004). */
  mei: { phone: '+6591234567', email: 'mei.tan@example.com' },
  /** Sam Lee: a customer without orders. */
  sam: { phone: '+442071838750', email: 'sam.lee@example.com' },
  /** Secrets the catalog holds and no answer may contain. */
  secrets: ['4111111111111111', '5555555555554444', '378282246310005', '4242424242424242', 'cvv', 'hunter2', 'tok_live', 'password', 'risk', 'fraud', 'staff_notes', 'cost_price'],
} as const;

export interface StoreFixture {
  readonly store: ReferenceStore;
  readonly audit: StoreAuditLine[];
  /** The store's clock (ms); tests advance it. */
  readonly clock: { t: number };
  /** Every delay the client waited, in ms (the client's sleep advances the store's clock instead of waiting). */
  readonly waits: number[];
  /** A client of the reference store with the given token, a recording sleep and numbered request ids. */
  client(token?: string, options?: Partial<StoreClientOptions>): StoreCalls;
  close(): Promise<void>;
}

export const startStoreFixture = async (options: Partial<ReferenceStoreOptions> = {}): Promise<StoreFixture> => {
  const audit: StoreAuditLine[] = [];
  const clock = { t: Date.parse('2026-03-10T09:00:00Z') };
  const waits: number[] = [];
  const store = await startReferenceStore({ catalog: demoCatalog(), audit: (l) => audit.push(l), now: () => clock.t, ...options });
  let n = 0;
  return {
    store,
    audit,
    clock,
    waits,
    client: (token = DEMO.token, more = {}) =>
      storeSystemClient(
        { baseUrl: store.url, accessToken: token },
        {
          fetch,
          newRequestId: () => `req-${++n}`,
          sleep: async (ms) => {
            waits.push(ms);
            clock.t += ms;
          },
          random: () => 1,
          ...more,
        },
      ),
    close: () => store.close(),
  };
};
