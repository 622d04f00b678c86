import { customerContactOf, EventStore, RecordData, Resource } from '@support/domain';
import { claimHolder, CUSTOMER_CONTACT } from '@support/event-sourcing';

/**
 * The customer a record links to (customerIdFrom): the holder of the claim of that phone number or
 * email in the account, or null when there is none.
 */
export const customerForRecord = async (eventStore: EventStore, accountId: string, resource: Resource, data: RecordData, defaultPhoneCountry?: string): Promise<string | null> => {
  const contact = customerContactOf(resource, data, defaultPhoneCountry);
  if (contact === null) return null;
  return claimHolder({ eventStore }, CUSTOMER_CONTACT, { accountId, contact });
};
