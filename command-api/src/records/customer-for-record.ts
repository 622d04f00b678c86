import { customerContactOf, customerKeyStream, EventStore, RecordData, Resource } from '@support/domain';

/**
 * The customer a record links to (customerIdFrom): the owner named by the first event of the
 * uniqueness stream of that phone number or email in the account, or null when there is none.
 */
export const customerForRecord = async (eventStore: EventStore, accountId: string, resource: Resource, data: RecordData, defaultPhoneCountry?: string): Promise<string | null> => {
  const contact = customerContactOf(resource, data, defaultPhoneCountry);
  if (contact === null) return null;
  for await (const event of eventStore.readStream(customerKeyStream(accountId, contact), { maxCount: 1 })) {
    const customerId = (event.data as { customerId?: unknown } | null)?.customerId;
    return typeof customerId === 'string' ? customerId : null;
  }
  return null;
};
