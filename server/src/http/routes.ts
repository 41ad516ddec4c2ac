import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fullPath, pathParameterNames, SdkError, type Endpoint } from '../../../shared/api/index.ts';
import { PROMOTION_PENDING_STATUS } from '../../../shared/api/registry-governance.ts';
import { ApiError } from './api-error.ts';
import { parseInput } from './error-reply.ts';
import type { Caller, EndpointHandler, HandlerTable } from './handler.ts';

/** The caller of a public endpoint (only the version check is public). */
const ANONYMOUS: Caller = { userId: 0, userName: 'anonymous' };

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
 * it for an endpoint whose key may come in the body),
 * path parameters, query and body validated with the entry's zod schemas, the handler from the table (501 when none yet),
 * and the JSON reply with the entry's status.
 */
export function registerContractRoutes(
  app: FastifyInstance,
  contract: Record<string, Endpoint>,
  handlers: HandlerTable,
  authenticate: (key: string) => Caller | undefined,
): void {
  const callers = new WeakMap<FastifyRequest, Caller>();
  const keyHeaderOf = (request: FastifyRequest) => headerValue(request.headers.authorization) ?? headerValue(request.headers['comet-sdk-api']);
  const check = (request: FastifyRequest, key: string | undefined): ApiError | undefined => {
    if (!key) return new ApiError(401, SdkError.keyNotRegistered, 'An API key is required: send it in the Authorization header.');
    const caller = authenticate(key);
    if (!caller) return new ApiError(401, SdkError.keyNotRegistered, 'The API key is not registered with this service (unknown or revoked).');
    callers.set(request, caller);
    return undefined;
  };
  const authenticateRequest = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => done(check(request, keyHeaderOf(request)));
  const keyField = (source: unknown, field: string | undefined): string | undefined => {
    const value = field === undefined ? undefined : (source as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? value.trim() || undefined : undefined;
  };
  /** For endpoints with `keyInQuery` only: the header key when sent, else the query field's (read before the body). */
  const authenticateWithQueryKey = (field: string) => (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) =>
    done(check(request, keyHeaderOf(request) ?? keyField(request.query, field)));
  /** For endpoints with `keyInBody`, before the body is read: a header key is checked at once (a bad one never gets its body read). */
  const authenticateHeaderIfSent = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const header = keyHeaderOf(request);
    done(header ? check(request, header) : undefined);
  };
  /**
   * For endpoints with `keyInBody`, once the body is read: with a header key (already checked), a body key must be the
   * same; without one, the body's key, else the query field `keyInQuery` names.
   */
  const authenticateWithBodyKey =
    (field: string, queryField: string | undefined) => (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      const header = keyHeaderOf(request);
      const bodyKey = keyField(request.body, field);
      if (header && bodyKey && header !== bodyKey) {
        return done(new ApiError(401, SdkError.keyNotRegistered, `The "${field}" in the body is not the API key sent in the Authorization header.`));
      }
      done(header ? undefined : check(request, bodyKey ?? keyField(request.query, queryField)));
    };

  for (const [name, endpoint] of Object.entries(contract)) {
    const handler = (handlers as Record<string, EndpointHandler<Endpoint> | undefined>)[name];
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!handler) {
        throw new ApiError(501, SdkError.notImplemented, `${endpoint.id} (${endpoint.method} ${fullPath(endpoint)}) is not implemented by this service yet.`);
      }
      const params = parseInput(endpoint.params, request.params ?? {}, 'path');
      const query = parseInput(endpoint.query, request.query ?? {}, 'query');
      const body = endpoint.bodyKind === 'json' ? parseInput(endpoint.body, request.body, 'body') : undefined;
      const caller = callers.get(request) ?? ANONYMOUS;
      const result = await handler({ params, query, body, caller, request, reply });
      if (result === reply || reply.sent) return reply;
      reply.code(endpoint.accepted && isAccepted(result) ? PROMOTION_PENDING_STATUS : endpoint.status);
      return endpoint.status === 204 ? reply.send() : reply.type('application/json').send(JSON.stringify(result));
    };
    const method = [endpoint.method, ...endpoint.alsoMethods];
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
