import {
  bulkUpdateDecider, customerDecider, webhookDeliveryDecider, messageDecider, resourceRecordDecider, ticketDecider, ticketExportDecider, ticketOfAccountDecider,
  webhookSubscriptionDecider,
} from '@support/domain';
import { commandHandler } from './command-handler';

/**
 * The command handler of every decider of the service, bound once, with how it reads its stream.
 * Each decides the commands of one stream one after another and decides again after another
 * process appended first, until the command's deadline (see command-handler.ts).
 */

/** A ticket's own commands, as the workers and the create path send them. */
export const handleTicket = commandHandler(ticketDecider);
/** A ticket's lifecycle commands from a route: a ticket of another account does not exist. */
export const handleTicketOfAccount = commandHandler(ticketOfAccountDecider);
export const handleCustomer = commandHandler(customerDecider);
export const handleExportJob = commandHandler(ticketExportDecider);
/** A bulk update job: its start, the outcomes of its tickets, its cancel (docs/api/bulk-updates.md). */
export const handleBulkUpdateJob = commandHandler(bulkUpdateDecider);
export const handleMessage = commandHandler(messageDecider);
/** A resource record: every upsert of one identifier value decides on the record holding it. */
export const handleRecord = commandHandler(resourceRecordDecider);
/** One webhook delivery's attempts (at most one worker delivers it at a time; a lost race is a redelivered job). */
export const handleWebhookDelivery = commandHandler(webhookDeliveryDecider);
/** A webhook subscription's changes, from its routes and from the delivery worker (disabled after a day of failures). */
export const handleWebhookSubscription = commandHandler(webhookSubscriptionDecider);
