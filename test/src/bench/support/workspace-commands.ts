import { plainClock, type TicketCommand } from '@support/domain';
import type { LIFECYCLE_STEPS } from './desk-data';

/** A command of the agent workspace that the desk data's lifecycles send (support/desk-data/lifecycle.ts). */
type WorkspaceStep = (typeof LIFECYCLE_STEPS)[keyof typeof LIFECYCLE_STEPS][number];

const STATUS_OF = { in_progress: 'in_progress', resolve: 'resolved', close: 'closed' } as const;

/** The step as a request to the workspace routes: POST /apis/tickets/{id}/<route> with this body. */
export const workspaceRequest = (step: WorkspaceStep, agentId: string | null): { readonly route: string; readonly body: Record<string, unknown> } =>
  step === 'assign' ? { route: 'assign', body: { agentId } } : { route: 'status', body: { status: STATUS_OF[step] } };

/** The step as the ticket decider's command (what that request becomes), made by `byUserId` at `at`. */
export const workspaceCommand = (step: WorkspaceStep, agentId: string | null, at: string, byUserId: string | null): TicketCommand =>
  step === 'assign'
    ? { type: 'Assign', agentId: agentId ?? '', byUserId, at }
    : { type: 'ChangeStatus', status: STATUS_OF[step], byUserId, at, slaClock: plainClock };
