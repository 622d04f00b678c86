import { expect } from 'chai';
import { ApiResponse } from '../../support/test-service';

/** Largest error answer a hostile request may get (bytes of the JSON text). */
export const MAX_ERROR_BYTES = 4 * 1024;

/** A 4xx in the shape of docs/api/README.md (Errors): error (string or { code, message }) and/or message (string), small. */
export const expectClientError = (res: ApiResponse, what: string): void => {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).to.be.within(400, 499);
  expectErrorShape(res, what);
};

export const expectErrorShape = (res: ApiResponse, what: string): void => {
  const body = res.body as Record<string, unknown>;
  expect(body, `${what}: body is a JSON object`).to.be.an('object');
  const { error, message } = body;
  expect(error !== undefined || message !== undefined, `${what}: error or message present`).to.equal(true);
  if (message !== undefined) expect(message, `${what}: message`).to.be.a('string');
  if (error !== undefined && typeof error !== 'string') {
    expect(error, `${what}: error object`).to.be.an('object');
    expect((error as Record<string, unknown>).code, `${what}: error.code`).to.be.a('string');
    expect((error as Record<string, unknown>).message, `${what}: error.message`).to.be.a('string');
  }
  if (body.retryAfter !== undefined) expect(Number.isInteger(body.retryAfter) && (body.retryAfter as number) >= 0, `${what}: retryAfter`).to.equal(true);
  expect(Buffer.byteLength(res.text), `${what}: error answer size`).to.be.at.most(MAX_ERROR_BYTES);
};
