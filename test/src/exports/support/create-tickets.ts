import { expect } from 'chai';
import { TestService } from '../../support/test-service';
import { TOKENS } from '../../support/example-config';

/** Creates a ticket through POST /apis/tickets/manual (fastResponse, forceCreateTicket) and answers its id. */
export const createTicket = async (svc: TestService, body: Record<string, unknown>, token: string = TOKENS.acmeAdmin): Promise<string> => {
  const res = await svc.api('POST', '/apis/tickets/manual', { token, body: { fastResponse: true, forceCreateTicket: true, ...body } });
  expect(res.status, res.text).to.equal(200);
  return res.body.ticketId as string;
};
