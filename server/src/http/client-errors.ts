import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { SdkError, type ErrorReply } from '../../../shared/api/index.ts';

/** How long a connection refused at the HTTP parser may take to read our answer and close its side. */
const LINGER_MS = 2_000;

/** Sockets already answered and lingering. */
const answered = new WeakSet<Socket>();

/** The status and message for an error of Node's HTTP parser (before any route sees the request). */
function describeClientError(error: NodeJS.ErrnoException): { status: number; msg: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, msg: 'The request line or headers are larger than this service accepts (16 KiB): shorten the query string or headers.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, msg: 'The request was not received in time.' };
    default:
      return { status: 400, msg: `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}).` };
  }
}

/**
 * Fastify's `clientErrorHandler`: answers what Node's HTTP parser refused (over-long request line or headers,
 * malformed HTTP, timeouts) in the service's `{msg, code, sdk_error_code}` shape with `Connection: close`,
 * then half-closes the socket so that the client reads the answer before the connection ends (no reset).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // The refused parser reports every further chunk the client sends as another error: the socket is already answered
  // and lingering (destroying it now would reset the connection before the client reads the answer).
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  const inProgress = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inProgress?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, msg } = describeClientError(error);
  const reply: ErrorReply = { msg, code: status, sdk_error_code: status === 431 ? SdkError.tooLarge : SdkError.validation };
  const body = JSON.stringify(reply);
  answered.add(socket);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  // Drop whatever else the client sends until it closes its side; never wait for it for long.
  socket.resume();
  socket.setTimeout(LINGER_MS, () => socket.destroy());
}
