import { customerContactOf, customerKeyStream, EventStore, readFirstEvent, RecordData, Resource } from '@support/domain';

/**
 * The customer a record links to (customerIdFrom): the owner named by the first event of the
 * uniqueness stream of that phone number or email in the account, or null when there is none.
 */
export const customerForRecord = async (eventStore: EventStore, accountId: string, resource: Resource, data: RecordData, defaultPhoneCountry?: string): Promise<string | null> => {
  const contact = customerContactOf(resource, data, defaultPhoneCountry);
  if (contact === null) return null;
  const owner = await readFirstEvent(eventStore, customerKeyStream(accountId, contact));
  const customerId = (owner?.data as { customerId?: unknown } | null | undefined)?.customerId;
  return typeof customerId === 'string' ? customerId : null;
};
