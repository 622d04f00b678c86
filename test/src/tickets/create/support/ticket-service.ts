import { customerStream, RecordedEvent, ticketStream } from '@support/domain';
import { exampleConfig, TOKENS, withoutRateLimits } from '../../../support/example-config';
import { startTestService, TestService } from '../../../support/test-service';
import { FakeExternal, startFakeExternal } from './fake-external';

export const MANUAL = '/apis/tickets/manual';

type Config = { accounts: Record<string, unknown>[] };

/** The example configuration with every external URL (store, integration, actions) pointed at the fakes. */
export const configWithFakes = (fake: FakeExternal, edit: (acme: Record<string, any>) => void = () => undefined): Config => {
  const text = JSON.stringify(withoutRateLimits(exampleConfig())).replace(/http:\/\/127\.0\.0\.1:40\d\d/g, fake.url);
  const config = JSON.parse(text) as Config;
  edit(config.accounts.find((a) => a.id === 'acme') as Record<string, any>);
  return config;
};

export const startTicketService = (config: Config): Promise<TestService> => startTestService({ config });

/** POST /apis/tickets/manual as acme's admin. */
export const createTicket = (svc: TestService, body: unknown, token: string = TOKENS.acmeAdmin) => svc.api('POST', MANUAL, { token, body });

export const readStream = async (svc: TestService, streamName: string): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for await (const e of svc.deps.eventStore.readStream(streamName)) events.push(e);
  return events;
};

export const ticketEvents = (svc: TestService, ticketId: string) => readStream(svc, ticketStream(ticketId));
export const customerEvents = (svc: TestService, customerId: string) => readStream(svc, customerStream(customerId));

/** The TaskEvaluated event of a ticket. */
export const evaluationOf = async (svc: TestService, ticketId: string): Promise<any> =>
  (await ticketEvents(svc, ticketId)).find((e) => e.type === 'TaskEvaluated')?.data;

/** Polls `probe` until it answers something (every 20 ms), or fails after `timeoutMs`. */
export const waitFor = async <T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('not within the time limit');
    await new Promise((r) => setTimeout(r, 20));
  }
};

let counter = 0;
/** A fresh valid phone number per call (US 415 numbers), so tests do not share customers by accident. */
export const freshPhone = (): string => `+1415555${String(1000 + (counter++ % 9000)).padStart(4, '0')}`;

/**
 * Registers mocha hooks that start the fakes and the real app before a describe block and stop them
 * after it; the returned object gives the running pair.
 */
export const useTicketService = (edit?: (acme: Record<string, any>) => void): { readonly svc: TestService; readonly fake: FakeExternal } => {
  let fake: FakeExternal | undefined;
  let svc: TestService | undefined;
  before(async () => {
    fake = await startFakeExternal();
    svc = await startTicketService(configWithFakes(fake, edit));
  });
  after(async () => {
    await svc?.stop();
    await fake?.stop();
  });
  return {
    get svc() {
      if (!svc) throw new Error('the ticket service is not started (use inside it/before hooks)');
      return svc;
    },
    get fake() {
      if (!fake) throw new Error('the fakes are not started');
      return fake;
    },
  };
};
