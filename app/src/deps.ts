import {
  AccountAdminView, AccountDirectory, ActionRunner, AllowedHost, ErasureLedger, PersonalDataErasure, BlobStore, ChatAppClient, ConfiguredHttp, OrderLookup, Clock, EventStore, IdGenerator, JobQueue, Logger, ProjectionProgress, ReadModels, StoreCallsFor, ServiceItself, WebhookTransport,
} from '@support/domain';
import { LimiterFactory } from '@support/http-edge';
import type { LogTransparency } from '@support/query-api';

/** Everything a component may need, chosen by the composition root. Features take the parts they use. */
export interface ServiceDeps {
  readonly eventStore: EventStore;
  readonly readModels: ReadModels;
  readonly jobQueue: JobQueue;
  readonly blobStore: BlobStore;
  /** The account configuration: the file's with the admin changes of the log on top, a request's own snapshot (app/src/admin/live-directory.ts). */
  readonly directory: () => AccountDirectory;
  /** The admin changes as this process has applied them (docs/api/admin.md). */
  readonly accountAdmin: AccountAdminView;
  readonly clock: Clock;
  readonly newId: IdGenerator;
  readonly logger: Logger;
  readonly limiters: LimiterFactory;
  readonly progress: ProjectionProgress;
  readonly publicBaseUrl: string;
  /** Outgoing HTTP (chat app, store system, execute actions, integrations). */
  readonly fetch: typeof fetch;
  /** Configured HTTP requests (execute actions, integration data points). */
  readonly http: ConfiguredHttp;
  /** Execute actions (docs/api/records-and-actions.md, execute action), also run by task evaluation. */
  readonly actions: ActionRunner;
  /** The account's store system (docs/api/orders.md). */
  readonly orders: OrderLookup;
  /** The store system's calls of an account, for the agent's order routes (through the same circuit breakers as `orders`). */
  readonly storeCalls: StoreCallsFor;
  /** The chat app (WhatsApp Cloud API), through its circuit breaker. */
  readonly chatApp: ChatAppClient;
  /** Webhook delivery: the key secrets are derived from, the hosts and ports the operator allows, where the service itself answers (never a target), the signed HTTP sender. */
  readonly webhooks: {
    readonly key: Buffer;
    readonly allowedHosts: readonly AllowedHost[];
    readonly serviceItself: ServiceItself;
    readonly transport: WebhookTransport;
  };
  /** The Merkle tree beside the log and the verifier key of its checkpoints (the proof routes). */
  readonly transparency: LogTransparency;
  /** Deletes the keys of sealed personal values (a customer's erasure, docs/api/erasure.md). */
  readonly personalData: PersonalDataErasure;
  /** Erasures done, kept outside DATA_DIR (ERASURES_FILE), when the operator keeps them. */
  readonly erasureLedger?: ErasureLedger;
  /** OPERATOR_TOKEN: the operator's admin routes (event feed, read-model queries) over every account; unset: account admins only. */
  readonly operatorToken?: string;
}
