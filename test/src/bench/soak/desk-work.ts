import type { Desk } from '../support/desk-data';
import { workspaceRequest } from '../support/workspace-commands';

type Send = (route: string, body: Record<string, unknown>) => Promise<{ status: number }>;

const STEPS = ['assign', 'email', 'resolve'] as const;

/**
 * The soak's agents at work: one created ticket in `oneIn` is worked through the workspace routes,
 * assign (the desk data's agent for it), an email from its customer to the support mailbox, then
 * resolve. A ticket's commands go one at a time (the next once the last was answered 200), after
 * those of the tickets already waiting, so that each ticket's commands are spread out and never race.
 */
export const deskWork = (desk: Desk, oneIn: number) => {
  const ready: { i: number; ticketId: string; step: number }[] = [];
  return {
    /** Ticket i was created (answered 200) with this id. */
    created: (i: number, ticketId: string) => {
      if (i % oneIn === 0) ready.push({ i, ticketId, step: 0 });
    },
    /** Sends the next waiting command; null when none waits. */
    next: async (send: (ticketId: string) => Send): Promise<{ kind: string; status: number } | null> => {
      const item = ready.shift();
      if (item === undefined) return null;
      const t = desk.ticket(item.i);
      const c = desk.customer(t.customer);
      const step = STEPS[item.step];
      const request = step === 'email'
        ? {
          route: 'emails',
          body: { messageId: `soak-${item.i}-1`, threadId: `soak-${item.i}`, emailClient: 'gmail', from: c.email, to: ['support@acme.example'], sentAt: new Date().toISOString() },
        }
        : workspaceRequest(step, desk.agents[(t.agent ?? item.i) % desk.agents.length].id);
      const r = await send(item.ticketId)(request.route, request.body);
      if (r.status === 200 && item.step + 1 < STEPS.length) ready.push({ ...item, step: item.step + 1 });
      return { kind: step, status: r.status };
    },
    waiting: () => ready.length,
  };
};
