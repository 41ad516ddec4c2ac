import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Where the local service answers who it is (no key needed: it grants nothing). */
export const IDENTITY_PATH = '/trackdesk/local-service/identity';
/** Where the app that knows the control secret asks for keys or a stop. */
export const CONTROL_PATH = '/trackdesk/local-service/control';
/** The header carrying the control secret. */
export const CONTROL_HEADER = 'x-trackdesk-control';
/** What the identity route names itself, so that another program on the port is never taken for the service. */
export const SERVICE_NAME = 'trackdesk-local-service';

/** What the identity route answers. */
export interface ServiceIdentity {
  service: typeof SERVICE_NAME;
  instanceId: string;
  version: string;
  pid: number;
  startedAt: string;
}

/** What the app may ask the local service over the control route. */
export type ControlRequest = { type: 'issue-key' } | { type: 'issue-script-key' } | { type: 'revoke-key'; prefix: string } | { type: 'stop' };

/** The control route's answer. */
export type ControlReply = { apiKey: string } | { count: number } | { stopping: true };

function sameSecret(presented: unknown, secret: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Registers the identity and control routes of the local service's process on its server. */
export function registerLocalRoutes(
  app: FastifyInstance,
  options: { identity: ServiceIdentity; controlSecret: string; control: (request: ControlRequest) => Promise<ControlReply>; afterStopReply: () => void },
): void {
  app.get(IDENTITY_PATH, async () => options.identity);
  app.post(CONTROL_PATH, async (request, reply) => {
    if (!sameSecret(request.headers[CONTROL_HEADER], options.controlSecret)) {
      return reply.code(403).send({ msg: 'Only the Trackdesk app of this data folder may control the local service.', code: 403, sdk_error_code: 0 });
    }
    const body = request.body as ControlRequest | undefined;
    if (!body || !['issue-key', 'issue-script-key', 'revoke-key', 'stop'].includes(body.type) || (body.type === 'revoke-key' && typeof body.prefix !== 'string')) {
      return reply.code(400).send({ msg: 'Unknown control request.', code: 400, sdk_error_code: 0 });
    }
    const answer = await options.control(body);
    if (body.type === 'stop') reply.raw.once('finish', options.afterStopReply);
    return answer;
  });
}
