import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fullPath, pathParameterNames, readOnlyKeyMay, SdkError, type Endpoint } from '../../../shared/api/index.ts';
import { PROMOTION_PENDING_STATUS } from '../../../shared/api/registry-governance.ts';
import { ApiError } from './api-error.ts';
import { parseInput } from './error-reply.ts';
import type { EndpointHandler, HandlerTable, KeyOwner } from './handler.ts';

/** The key owner of a public endpoint's requests (only the version checks are public). */
const ANONYMOUS: KeyOwner = { userId: 0, userName: 'anonymous', isServiceAdmin: false, keyPrefix: '', readOnly: false };

/** True for a handler's result that is a 202 reply (a change an approval policy held back; endpoints with `accepted` only). */
const isAccepted = (result: unknown): boolean => (result as { code?: unknown } | null)?.code === PROMOTION_PENDING_STATUS;

/** A contract path as Fastify routes it: `{name}` segments become `:name`. */
const routeUrl = (path: string): string => pathParameterNames(path).reduce((url, name) => url.replace(`{${name}}`, `:${name}`), path);

const headerValue = (value: string | string[] | undefined): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
};

/**
 * Registers every endpoint of the contract (path and aliases, method and alsoMethods): key check before the body is read (after
 * it for an endpoint whose key may come in the body), the caller handed on with what the entry `needs` (a service admin
 * is checked here; the workspace lookups of `access` check a workspace need against the caller's role),
 * path parameters, query and body validated with the entry's zod schemas, the handler from the table (501 when none yet),
 * and the JSON reply with the entry's status.
 */
export function registerContractRoutes(
  app: FastifyInstance,
  contract: Record<string, Endpoint>,
  handlers: HandlerTable,
  authenticate: (key: string) => Promise<KeyOwner | undefined>,
): void {
  const callers = new WeakMap<FastifyRequest, KeyOwner>();
  const keyHeaderOf = (request: FastifyRequest) => headerValue(request.headers.authorization) ?? headerValue(request.headers['comet-sdk-api']);
  /** The hooks that find and check the key of one endpoint's requests; refusals get `status` (401, or 400 for the SDK's handshake). */
  const keyHooks = (status: number) => {
    /** Checks a key and remembers its caller; the refusal when there is none or it is unknown. */
    const check = async (request: FastifyRequest, key: string | undefined): Promise<void> => {
      if (!key) throw new ApiError(status, SdkError.keyNotRegistered, 'An API key is required: send it in the Authorization header.');
      const caller = await authenticate(key);
      if (!caller) throw new ApiError(status, SdkError.keyNotRegistered, 'The API key is not registered with this service (unknown or revoked).');
      callers.set(request, caller);
    };
    return {
      /** The key of the header. */
      authenticateRequest: (request: FastifyRequest) => check(request, keyHeaderOf(request)),
      /** For endpoints with `keyInQuery` only: the header key when sent, else the query field's (read before the body). */
      authenticateWithQueryKey: (field: string) => (request: FastifyRequest) => check(request, keyHeaderOf(request) ?? keyField(request.query, field)),
      /** For endpoints with `keyInBody`, before the body is read: a header key is checked at once (a bad one never gets its body read). */
      authenticateHeaderIfSent: async (request: FastifyRequest) => {
        const header = keyHeaderOf(request);
        if (header) await check(request, header);
      },
      /**
       * For endpoints with `keyInBody`, once the body is read: with a header key (already checked), a body key must be the
       * same; without one, the body's key, else the query field `keyInQuery` names.
       */
      authenticateWithBodyKey: (field: string, queryField: string | undefined) => async (request: FastifyRequest) => {
        const header = keyHeaderOf(request);
        const bodyKey = keyField(request.body, field);
        if (header && bodyKey && header !== bodyKey) {
          throw new ApiError(status, SdkError.keyNotRegistered, `The "${field}" in the body is not the API key sent in the Authorization header.`);
        }
        if (!header) await check(request, bodyKey ?? keyField(request.query, queryField));
      },
    };
  };
  const keyField = (source: unknown, field: string | undefined): string | undefined => {
    const value = field === undefined ? undefined : (source as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? value.trim() || undefined : undefined;
  };
  const hooksByStatus = new Map([401, 400].map((status) => [status, keyHooks(status)]));

  for (const [name, endpoint] of Object.entries(contract)) {
    const handler = (handlers as Record<string, EndpointHandler<Endpoint> | undefined>)[name];
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!handler) {
        throw new ApiError(501, SdkError.notImplemented, `${endpoint.id} (${endpoint.method} ${fullPath(endpoint)}) is not implemented by this service yet.`);
      }
      const caller = { ...(callers.get(request) ?? ANONYMOUS), need: endpoint.needs };
      if (caller.readOnly && !readOnlyKeyMay(endpoint)) {
        throw new ApiError(403, SdkError.noWriteAccess, `The key ${caller.keyPrefix}… of "${caller.userName}" is read-only: ${endpoint.id} needs a key that may write.`);
      }
      if (endpoint.needs === 'service-admin' && !caller.isServiceAdmin) {
        throw new ApiError(403, SdkError.noWriteAccess, `User "${caller.userName}" is not a service admin: ${endpoint.id} needs a service admin.`);
      }
      const params = parseInput(endpoint.params, request.params ?? {}, 'path');
      const query = parseInput(endpoint.query, request.query ?? {}, 'query');
      const body = endpoint.bodyKind === 'json' ? parseInput(endpoint.body, request.body, 'body') : undefined;
      const result = await handler({ params, query, body, caller, request, reply });
      if (result === reply || reply.sent) return reply;
      reply.code(endpoint.accepted && isAccepted(result) ? PROMOTION_PENDING_STATUS : endpoint.status);
      return endpoint.status === 204 ? reply.send() : reply.type('application/json').send(JSON.stringify(result));
    };
    const method = [endpoint.method, ...endpoint.alsoMethods];
    const { authenticateRequest, authenticateWithQueryKey, authenticateHeaderIfSent, authenticateWithBodyKey } = hooksByStatus.get(endpoint.keyRefusalStatus ?? 401)!;
    for (const url of [fullPath(endpoint), ...endpoint.aliases].map(routeUrl)) {
      if (endpoint.public) app.route({ method, url, handler: handle });
      else if (endpoint.keyInBody) {
        app.route({ method, url, onRequest: authenticateHeaderIfSent, preHandler: authenticateWithBodyKey(endpoint.keyInBody, endpoint.keyInQuery), handler: handle });
      }
      else if (endpoint.keyInQuery) app.route({ method, url, onRequest: authenticateWithQueryKey(endpoint.keyInQuery), handler: handle });
      else app.route({ method, url, onRequest: authenticateRequest, handler: handle });
    }
  }
}
