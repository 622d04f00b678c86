import {
  COMMAND_RETRY, customerDecider, webhookDeliveryDecider, messageDecider, resourceRecordDecider, ticketDecider, ticketExportDecider, ticketNumberDecider, ticketOfAccountDecider,
} from '@support/domain';
import { commandHandler } from './command-handler';

/**
 * The command handler of every decider of the service, bound once, with how it reads its stream
 * and how often a decision is tried when the stream changed under it (default: DEFAULT_RETRY,
 * four tries a few milliseconds apart).
 */

/** A ticket's own commands, as the workers and the create path send them. */
export const handleTicket = commandHandler(ticketDecider);
/** A ticket's lifecycle commands from a route: a ticket of another account does not exist. */
export const handleTicketOfAccount = commandHandler(ticketOfAccountDecider);
export const handleCustomer = commandHandler(customerDecider);
/**
 * An account's ticket numbers: every create of the account decides on this one stream (a process
 * batches its own requests into one decision), so processes racing for it get more tries (up to
 * about 0.3 s of waiting); its last event holds the last number.
 */
export const handleTicketNumbers = commandHandler(ticketNumberDecider, { read: 'lastEvent', retry: { attempts: 8, backoff: COMMAND_RETRY } });
export const handleExportJob = commandHandler(ticketExportDecider);
export const handleMessage = commandHandler(messageDecider);
/**
 * A resource record: every upsert of one identifier value decides on the record holding it, so
 * racing upserts of one value (integrations retrying, batch loaders) get more tries (up to about
 * half a second of waiting).
 */
export const handleRecord = commandHandler(resourceRecordDecider, { retry: { attempts: 10, backoff: COMMAND_RETRY } });
/** One webhook delivery's attempts (at most one worker delivers it at a time; a lost race is a redelivered job). */
export const handleWebhookDelivery = commandHandler(webhookDeliveryDecider);
