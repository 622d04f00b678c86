import { customerContactOf, EventStore, RecordData, Resource } from '@support/domain';
import { contactOwners } from '../customers/contact-owners';

/**
 * The customer a record links to (customerIdFrom): the customer that owns that phone number or email
 * in the account, or null when there is none.
 */
export const customerForRecord = async (eventStore: EventStore, accountId: string, resource: Resource, data: RecordData, defaultPhoneCountry?: string): Promise<string | null> => {
  const contact = customerContactOf(resource, data, defaultPhoneCountry);
  if (contact === null) return null;
  return (await contactOwners(eventStore).of(accountId, contact)).owner;
};
