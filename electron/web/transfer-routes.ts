import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { channels } from '../../shared/ipc/index.ts';
import type { Backend } from '../backend/src/backend.ts';
import { AppError } from '../backend/src/ipc/app-error.ts';
import { toIpcError } from '../backend/src/ipc/dispatch.ts';
import type { DownloadTickets } from './download-tickets.ts';

/** A JSON object carried in one URL parameter. */
const jsonParam = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  }).pipe(schema);

const uploadInput = channels['transfers.upload'].input;

/** The URL parameters of POST /transfers/upload: those of `transfers.upload`, with the file's name instead of its path. */
const UploadParams = z.object({
  transferId: uploadInput.shape.transferId,
  endpoint: uploadInput.shape.endpoint,
  fileName: z.string().min(1).max(1000),
  query: jsonParam(z.record(z.string(), z.unknown())).default({}),
  fields: jsonParam(z.record(z.string(), z.string())).optional(),
  profileId: uploadInput.shape.profileId,
});

/** The body of POST /transfers/download: which binary endpoint to read, and the name the browser saves it under. */
const DownloadRequest = z.object({
  endpoint: z.string().min(1).max(100),
  query: z.record(z.string(), z.unknown()).default({}),
  fileName: z.string().min(1).max(1000),
  profileId: z.string().min(1).optional(),
});

function invalid(error: z.ZodError): AppError {
  return new AppError('invalid_input', `Invalid transfer parameters: ${z.prettifyError(error)}`);
}

/**
 * The browser shell's transfers, where the page holds bytes rather than file paths (registered behind the token):
 * - `POST /transfers/upload?transferId=&endpoint=&fileName=&query=<json>&fields=<json>&profileId=` takes the file's bytes
 *   as the request body (with Content-Length) and streams them through the backend's upload engine and transfer queue,
 *   so progress arrives as `transfers.progress` events on /events and `transfers.cancel` (or aborting the request)
 *   cancels. It answers the ipc envelope: `{ok: true, data: <the endpoint's reply>}` or `{ok: false, error}`.
 * - `POST /transfers/download` with `{endpoint, query, fileName, profileId}` opens a binary endpoint and answers
 *   `{ok: true, data: {url}}`: a one-use address (see `registerTicketDownloads`) the browser's own download then fetches,
 *   so the bytes stream to the user's download folder without passing through the page; or `{ok: false, error}` with
 *   the service's refusal.
 * The API key stays in the backend.
 */
export async function registerTransferRoutes(app: FastifyInstance, backend: Backend, tickets: DownloadTickets): Promise<void> {
  app.post('/transfers/download', (request) => holdDownload(backend, tickets, request));
  await app.register(async (scope) => {
    // The upload body is streamed onward as it arrives, never parsed or buffered here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.post('/transfers/upload', (request, reply) => upload(backend, request, reply));
  });
}

async function upload(backend: Backend, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const params = UploadParams.safeParse(request.query);
  const size = Number(request.headers['content-length']);
  if (!params.success) return { ok: false, error: toIpcError(invalid(params.error)) };
  if (!Number.isSafeInteger(size) || size < 0) {
    return { ok: false, error: toIpcError(new AppError('invalid_input', 'Send the file bytes with a Content-Length.')) };
  }
  const { transferId, fileName, ...rest } = params.data;
  // The page went away or aborted its request: that is a cancel, not a failure of the file.
  const gone = () => {
    if (!reply.raw.writableEnded) backend.streams.cancel(transferId);
  };
  reply.raw.once('close', gone);
  const body = new PassThrough();
  request.raw.pipe(body);
  try {
    const data = await backend.streams.upload({ ...rest, transferId, stream: { body, size, fileName } });
    return { ok: true, data };
  } catch (error) {
    return { ok: false, error: toIpcError(error) };
  } finally {
    reply.raw.off('close', gone);
    if (!request.raw.complete) {
      // The service answered before taking every byte (refused, cancelled): discard the rest, so the page reads the
      // answer and the connection notices when the page stops sending.
      request.raw.unpipe(body);
      body.destroy();
      request.raw.resume();
    }
  }
}

async function holdDownload(backend: Backend, tickets: DownloadTickets, request: FastifyRequest): Promise<unknown> {
  const params = DownloadRequest.safeParse(request.body ?? {});
  if (!params.success) return { ok: false, error: toIpcError(invalid(params.error)) };
  const { fileName, ...rest } = params.data;
  const abort = new AbortController();
  try {
    const opened = await backend.streams.openDownload({ ...rest, signal: abort.signal });
    const ticket = tickets.hold({ fileName, opened, abort });
    return { ok: true, data: { url: `/transfers/download/${ticket}` } };
  } catch (error) {
    return { ok: false, error: toIpcError(error) };
  }
}

/**
 * `GET /transfers/download/<ticket>`: streams the download a ticket holds as an attachment, once. The ticket is the only
 * credential (a browser download sends no header), so this route sits outside the token check, still behind Host,
 * Origin and Sec-Fetch-Site.
 */
export function registerTicketDownloads(app: FastifyInstance, tickets: DownloadTickets): void {
  // No HEAD route: a HEAD must not use up the ticket.
  app.get<{ Params: { ticket: string } }>('/transfers/download/:ticket', { exposeHeadRoute: false }, (request, reply) => {
    const held = tickets.take(request.params.ticket);
    if (!held) {
      return reply.code(404).type('text/plain; charset=utf-8').send('This download address was used already or has expired: download the file again from Trackdesk.');
    }
    reply.raw.once('close', () => held.abort.abort());
    reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${asciiName(held.fileName)}"; filename*=UTF-8''${headerEncoded(held.fileName)}`);
    if (held.opened.contentLength !== undefined) reply.header('Content-Length', String(held.opened.contentLength));
    return reply.send(Readable.fromWeb(held.opened.body as NodeReadableStream<Uint8Array>));
  });
  app.addHook('preClose', async () => tickets.clear());
}

/** A file name safe inside a quoted header value (the exact name goes in `filename*`). */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** RFC 5987 encoding of the exact name (encodeURIComponent leaves a few characters that are not allowed there). */
function headerEncoded(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
