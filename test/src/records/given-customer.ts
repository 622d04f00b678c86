import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { customerKeyStream, EventStore, normalizePhone, PhoneE164 } from '@support/domain';

/** Given: the account has a customer owning this phone number (its uniqueness stream, as ticket creation writes it). */
export const givenCustomerWithPhone = async (eventStore: EventStore, accountId: string, phone: string, customerId: string): Promise<void> => {
  const value = normalizePhone(phone);
  if (E.isLeft(value)) throw new Error('bad test phone');
  const appended = await eventStore.appendToStream(
    customerKeyStream(accountId, { kind: 'phone', value: value.right as PhoneE164 }),
    [{ id: randomUUID(), type: 'CustomerKeyClaimed', data: { customerId, accountId, kind: 'phone' }, metadata: { version: 1, accountId } }],
    { expectedRevision: 'no_stream' },
  );
  if (E.isLeft(appended)) throw new Error('customer key already claimed');
};
