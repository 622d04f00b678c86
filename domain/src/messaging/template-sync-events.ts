import { DomainEvent } from '../shared/decider';
import { MessageTemplate } from './template';

/** The account's templates as the platform listed them at `syncedAt` (every page). */
export type TemplatesSynced = DomainEvent<'TemplatesSynced', {
  readonly accountId: string;
  readonly syncedAt: string;
  readonly pages: number;
  readonly templates: readonly MessageTemplate[];
}>;

/** A sync that did not get the templates; `reason` is safe to show (no tokens, no platform payloads). */
export type TemplateSyncFailed = DomainEvent<'TemplateSyncFailed', {
  readonly accountId: string;
  readonly failedAt: string;
  readonly reason: string;
  readonly kind: string;
  readonly httpStatus?: number;
  readonly platformCode?: string;
}>;

export type TemplateSyncEvent = TemplatesSynced | TemplateSyncFailed;
