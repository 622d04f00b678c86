import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { isLeft } from 'fp-ts/Either';
import { attachmentContentDisposition, LocalBlobStore } from '@support/adapters';

/**
 * A tiny stand-in for the HTTP gateway's download route, on a loopback port: it hands the path and
 * query of a signed URL to LocalBlobStore.openSignedRead and streams the answer.
 */

interface SignedReadGateway {
  readonly baseUrl: string;
  serve(store: LocalBlobStore): void;
  stop(): Promise<void>;
}

const STATUS_OF_REFUSAL = { invalid_signature: 403, expired: 403, not_found: 404 } as const;

export async function startSignedReadGateway(): Promise<SignedReadGateway> {
  let store: LocalBlobStore | undefined;
  const server = createServer((request, response) => {
    if (store === undefined) return answer(response, 503);
    handle(store, request, response).catch(() => response.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    serve: (served) => {
      store = served;
    },
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

async function handle(store: LocalBlobStore, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://gateway');
  const key = request.method === 'GET' ? store.keyFromRequestPath(url.pathname) : null;
  if (key === null) return answer(response, 404);
  const query = {
    expires: url.searchParams.get('expires') ?? undefined,
    signature: url.searchParams.get('signature') ?? undefined,
    filename: url.searchParams.get('filename') ?? undefined,
  };
  const read = await store.openSignedRead(key, query, new Date());
  if (isLeft(read)) return answer(response, STATUS_OF_REFUSAL[read.left.reason]);
  const { stream, sizeBytes, contentType, downloadFileName } = read.right;
  response.writeHead(200, {
    'content-type': contentType,
    'content-length': String(sizeBytes),
    ...(downloadFileName === undefined ? {} : { 'content-disposition': attachmentContentDisposition(downloadFileName) }),
  });
  await pipeline(stream, response);
}

function answer(response: ServerResponse, status: number): void {
  response.writeHead(status).end();
}
