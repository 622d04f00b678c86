import { WEBHOOK_EVENT_TYPES } from '@support/domain';
import { pathParam } from './responses';
import { arrayOf, bool, dateTime, int, nullable, oneOfStrings, record, str } from './schema';

/** What the webhook routes of both gateways describe alike: their tag, an event type, the subscription id and a subscription. */
export const WEBHOOK_TAGS = ['Webhooks'];
export const WEBHOOK_EVENT_TYPE = oneOfStrings(WEBHOOK_EVENT_TYPES, 'What happened.');
export const WEBHOOK_ID = pathParam('id', 'The subscription id.');

export const webhookSubscription = record({
  id: str(), url: str('Where deliveries go (https; plain http only for the host:port entries the operator allows; never the service itself).'), eventTypes: arrayOf(WEBHOOK_EVENT_TYPE),
  description: nullable(str()), enabled: bool(), disabledReason: nullable(str('Why the service disabled it (a day of failures without a success).')),
  secretVersion: int(undefined, { minimum: 1 }), createdAt: dateTime(), updatedAt: dateTime(), lastSuccessAt: nullable(dateTime()),
  failingSince: nullable(dateTime('The first failed attempt since the last success.')), deliveriesUrl: str(),
});
