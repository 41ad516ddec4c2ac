import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { SdkError, type ErrorReply } from '../../../shared/api/index.ts';

/** The request whose work is running now (each request runs in its own async context). */
interface InFlight {
  request: IncomingMessage;
  response: ServerResponse;
}

const inFlight = new AsyncLocalStorage<InFlight>();
let installed = false;

/** A zlib failure (a body that is not what its Content-Encoding says) is the client's fault. */
const isClientFault = (error: unknown) => typeof (error as { code?: unknown }).code === 'string' && (error as { code: string }).code.startsWith('Z_');

/** Answers the request an error escaped from: 400 or 500 in the service's shape, then closes that connection only. */
function answerEscapedError(error: unknown, { request, response }: InFlight): void {
  console.error(`Trackdesk service: an error escaped while serving ${request.method} ${request.url?.split('?')[0]}; only that request failed.`, error);
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const status = isClientFault(error) ? 400 : 500;
  const reply: ErrorReply = {
    msg: status === 400 ? 'The request body could not be decoded.' : 'Internal error in the tracking service; the details are in its log.',
    code: status,
    sdk_error_code: status === 400 ? SdkError.validation : SdkError.internal,
  };
  response.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  response.end(JSON.stringify(reply));
}

/**
 * The last-resort guard (once per process): an error that escapes every handler while a request is being served
 * (an unhandled stream 'error', a throw in a callback) fails that request only, is logged, and leaves the process
 * serving. Errors outside any request keep Node's behaviour: printed, and the process exits when nobody else listens.
 */
function installLastResortGuard(): void {
  if (installed) return;
  installed = true;
  process.on('uncaughtException', (error) => {
    const current = inFlight.getStore();
    if (current) return answerEscapedError(error, current);
    if (process.listenerCount('uncaughtException') === 1) {
      console.error(error);
      process.exit(1);
    }
  });
}

/** Fastify's `serverFactory`: a plain HTTP server that runs each request in its own context under the last-resort guard. */
export function guardedServerFactory(handler: RequestListener): Server {
  installLastResortGuard();
  return createServer((request, response) => inFlight.run({ request, response }, () => handler(request, response)));
}
