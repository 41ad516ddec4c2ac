import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HttpAnswer } from './reply.ts';

/** One request whose body is streamed. */
interface StreamRequest {
  method: string;
  headers: Record<string, string>;
  body: AsyncIterable<Uint8Array>;
  signal: AbortSignal;
}

/**
 * Sends a streamed body with node:http(s) and reads the (small) answer. Used for uploads because Node's fetch
 * reads a streamed request body ahead of the socket (a whole file ends up in memory); here `pipeline` only reads
 * the next chunk when the socket has taken the previous one.
 */
export function sendStream(url: URL, request: StreamRequest): Promise<HttpAnswer> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, { method: request.method, headers: request.headers, signal: request.signal }, (response) => {
      readAnswer(response).then((answer) => {
        // The server may answer (e.g. 401, 413) before taking the whole body: stop sending the rest.
        if (!outgoing.writableFinished) outgoing.destroy();
        resolve(answer);
      }, reject);
    });
    outgoing.on('error', reject);
    pipeline(Readable.from(request.body), outgoing).catch(reject);
  });
}

async function readAnswer(response: IncomingMessage): Promise<HttpAnswer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response as AsyncIterable<Buffer>) chunks.push(chunk);
  return {
    status: response.statusCode ?? 0,
    contentType: String(response.headers['content-type'] ?? ''),
    text: Buffer.concat(chunks).toString('utf8'),
  };
}
