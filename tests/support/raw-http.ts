import { get, type IncomingHttpHeaders } from 'node:http';

/** An answer as node:http received it: the body's exact bytes, still compressed if it was sent so. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A GET without supertest's decoding, for comparing answers byte for byte (the gateway's fast paths); `localAddress`
 * picks the client's address on the loopback range (127.0.0.2 is another client than 127.0.0.1).
 */
export function rawGet(url: string, headers: Record<string, string> = {}, localAddress?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** The headers of an answer but those that differ per request (request id, date). */
export const stable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !['x-request-id', 'date'].includes(name)));
