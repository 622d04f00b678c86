import type { Duplex } from 'node:stream';

/** Status of a request Node's HTTP parser refused, by the parser's error code. */
const statusOf = (code: string | undefined): { status: number; reason: string; message: string } => {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, reason: 'Request Header Fields Too Large', message: 'The request line or headers are too large: send at most 16 KB of them (put long filters in a JSON body)' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', message: 'The request was not received in time: send it again' };
  return { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP/1.1: check the request line, headers and body framing' };
};

/**
 * Requests that Node's HTTP parser refuses never reach the app; by default they get a bare status
 * line. This answers them in the error shape of docs/api/README.md (Errors) too, then closes the connection.
 * Install with `server.on('clientError', answerClientError)`.
 */
export const answerClientError = (error: Error & { code?: string }, socket: Duplex): void => {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const { status, reason, message } = statusOf(error.code);
  const body = JSON.stringify({ error: reason, message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};
