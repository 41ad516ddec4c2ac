import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fullPath, pathParameterNames, SdkError, type Endpoint } from '../../../shared/api/index.ts';
import { ApiError } from './api-error.ts';
import { parseInput } from './error-reply.ts';
import type { Caller, EndpointHandler, HandlerTable } from './handler.ts';

/** The caller of a public endpoint (only the version check is public). */
const ANONYMOUS: Caller = { userId: 0, userName: 'anonymous' };

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
  /** For endpoints with `keyInQuery`: the header key when sent, else the query field's (read before the body). */
  const authenticateWithQueryKey = (field: string) => (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.[field];
    done(check(request, keyHeaderOf(request) ?? (typeof fromQuery === 'string' ? fromQuery.trim() || undefined : undefined)));
  };
  /** For endpoints with `keyInBody`: the header key when sent (a body key must then be the same), else the body's key. */
  const authenticateWithBodyKey = (field: string) => (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const header = keyHeaderOf(request);
    const fromBody = (request.body as Record<string, unknown> | undefined)?.[field];
    const bodyKey = typeof fromBody === 'string' ? fromBody.trim() || undefined : undefined;
    if (header && bodyKey && header !== bodyKey) {
      return done(new ApiError(401, SdkError.keyNotRegistered, `The "${field}" in the body is not the API key sent in the Authorization header.`));
    }
    done(check(request, header ?? bodyKey));
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
      reply.code(endpoint.status);
      return endpoint.status === 204 ? reply.send() : reply.type('application/json').send(JSON.stringify(result));
    };
    const method = [endpoint.method, ...endpoint.alsoMethods];
    for (const url of [fullPath(endpoint), ...endpoint.aliases].map(routeUrl)) {
      if (endpoint.public) app.route({ method, url, handler: handle });
      else if (endpoint.keyInBody) app.route({ method, url, preHandler: authenticateWithBodyKey(endpoint.keyInBody), handler: handle });
      else if (endpoint.keyInQuery) app.route({ method, url, onRequest: authenticateWithQueryKey(endpoint.keyInQuery), handler: handle });
      else app.route({ method, url, onRequest: authenticateRequest, handler: handle });
    }
  }
}
