import { TOKENS } from '../../support/example-config';

/** What the clients asked for and what the service acknowledged. */
export interface Ledger {
  /** Every request number sent (acknowledged or not). */
  readonly requested: Set<number>;
  /** Request number -> ticket id, for each 200 with success true. */
  readonly acknowledged: Map<number, string>;
}

export const orderNameOf = (n: number): string => `LOAD-${n}`;

/**
 * Clients that create manual tickets as fast as the service answers, each request for a new
 * customer (so none reuses an open ticket), while `target()` names the service to call (null
 * while it is down). A request that fails (connection refused or reset by the kill) is simply
 * not acknowledged; it is not retried.
 */
export const runTicketClients = (count: number, target: () => string | null, ledger: Ledger): { stop(): Promise<void> } => {
  let next = 0;
  let running = true;
  const loop = async () => {
    while (running) {
      const url = target();
      if (url === null) {
        await new Promise((r) => setTimeout(r, 10));
        continue;
      }
      const n = next++;
      ledger.requested.add(n);
      try {
        const res = await fetch(`${url}/apis/tickets/manual`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${TOKENS.acmeAdmin}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ customer: { name: `Load ${n}`, email: `load-${n}@example.com` }, query: `Request ${n}`, orderName: orderNameOf(n) }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as { success?: boolean; ticketId?: string };
        if (res.status === 200 && body.success === true && typeof body.ticketId === 'string') ledger.acknowledged.set(n, body.ticketId);
        else if (res.status !== 503) throw new Error(`request ${n} answered ${res.status}: ${JSON.stringify(body)}`);
      } catch (e) {
        if (e instanceof Error && e.message.startsWith(`request ${n} answered`)) throw e;
        await new Promise((r) => setTimeout(r, 10)); // the service is going down or starting
      }
    }
  };
  let failure: unknown = null;
  const loops = Array.from({ length: count }, () =>
    loop().catch((e: unknown) => {
      failure ??= e;
      running = false;
    }));
  return {
    /** Ends the clients; throws the first unexpected answer one of them got. */
    stop: async () => {
      running = false;
      await Promise.all(loops);
      if (failure !== null) throw failure;
    },
  };
};
