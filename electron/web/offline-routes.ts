import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Backend } from '../backend/src/backend.ts';
import { AppError } from '../backend/src/ipc/app-error.ts';
import { toIpcError } from '../backend/src/ipc/dispatch.ts';

/** The largest archive the page may send (the backend reads an archive whole). */
const MAX_ARCHIVE_BYTES = 2 * 1024 ** 3 - 1;

const ImportParams = z.object({ importId: z.string().min(1).max(100), fileName: z.string().min(1).max(1000) });

/**
 * `POST /offline/import?importId=&fileName=` (behind the token): the bytes of one offline archive the user picked in
 * the page, imported by the backend into the local service as `offline.import` does for a chosen path; progress goes
 * out as `offline.progress` events on /events. Answers the ipc envelope `{ok: true, data: <result>}` or `{ok: false, error}`.
 */
export async function registerOfflineRoutes(app: FastifyInstance, backend: Backend): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_ARCHIVE_BYTES }, (_request, body, done) => done(null, body));
    scope.post('/offline/import', (request) => importArchive(backend, request));
  });
}

async function importArchive(backend: Backend, request: FastifyRequest): Promise<unknown> {
  const params = ImportParams.safeParse(request.query);
  if (!params.success) return { ok: false, error: toIpcError(new AppError('invalid_input', `Invalid import parameters: ${z.prettifyError(params.error)}`)) };
  if (!backend.offline) return { ok: false, error: toIpcError(new AppError('unsupported', 'Offline runs are imported into the local service, and this Trackdesk runs none.')) };
  const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  return { ok: true, data: await backend.offline.importBytes(params.data.importId, params.data.fileName, bytes) };
}
