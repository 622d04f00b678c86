import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService, TestServiceOptions } from '../support/test-service';
import { FakeCloudApi } from './fake-cloud-api';

interface FakeConfigOptions {
  /** Changes to acme's chat app (e.g. remove phoneNumberId). */
  readonly edit?: (acmeChatApp: Record<string, unknown>) => void;
  /** Give globex a chat app of its own on the fake too (phone number id "pn-globex"). */
  readonly globexChatApp?: boolean;
}

/** The example configuration with acme's chat app pointed at the fake. */
export const configWithFake = (fake: FakeCloudApi, options: FakeConfigOptions = {}) => {
  const config = withoutRateLimits(exampleConfig());
  const acme = config.accounts.find((a) => a.id === 'acme')!;
  const chatApp = { ...(acme.chatApp as Record<string, unknown>), apiBaseUrl: fake.url };
  options.edit?.(chatApp);
  acme.chatApp = chatApp;
  if (options.globexChatApp) {
    const globex = config.accounts.find((a) => a.id === 'globex')!;
    globex.chatApp = { apiBaseUrl: fake.url, apiVersion: 'v21.0', businessAccountId: 'waba-globex', phoneNumberId: 'pn-globex', accessToken: 'wa-globex', senderPhone: '+14155550000' };
  }
  return config;
};

export const startWithFake = (fake: FakeCloudApi, options: Omit<TestServiceOptions, 'config'> & FakeConfigOptions = {}): Promise<TestService> =>
  startTestService({ ...options, config: configWithFake(fake, options) });

export const sendTemplate = (svc: TestService, body: unknown, token: string = TOKENS.acmeAdmin) =>
  svc.api('POST', '/apis/chatapp/template-send', { token, body });

export const syncTemplates = (svc: TestService, token: string = TOKENS.acmeAdmin) => svc.api('POST', '/apis/chatapp/template-sync', { token });

/** Polls the status route until the message is sent or failed (or the time is up). */
export const waitForOutcome = async (svc: TestService, messageId: string, timeoutMs = 10_000, token: string = TOKENS.acmeAdmin) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await svc.api('GET', `/apis/chatapp/messages/${messageId}`, { token });
    if (res.status === 200 && (res.body.status === 'sent' || res.body.status === 'failed')) return res.body;
    if (Date.now() > deadline) throw new Error(`message ${messageId} not delivered in ${timeoutMs} ms (last: ${JSON.stringify(res.body)})`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** Lets background work run on, so that a second (unwanted) send would have time to show. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

export const readEvents = async (svc: TestService, stream: string) => {
  const out: { type: string; data: any; metadata: any }[] = [];
  for await (const e of svc.deps.eventStore.readStream(stream)) out.push({ type: e.type, data: e.data, metadata: e.metadata });
  return out;
};
