import { z } from 'zod';

/** HTTP methods used by the v2 REST API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a request carries its body: none, JSON, or multipart form data (uploads). */
export type BodyKind = 'none' | 'json' | 'multipart';

/** How a reply is sent: a JSON document, or raw bytes (downloads). */
export type ReplyKind = 'json' | 'binary';

/**
 * What a caller needs to call an endpoint (issue 29): nothing (public), to read the workspace it names (any role), to
 * write in it (member or admin), to administer it (admin), or to be a service admin. The server enforces it in one
 * place, the workspace lookups every handler makes (`server/src/experiments/access.ts`).
 */
export type AccessNeed = 'none' | 'read' | 'write' | 'workspace-admin' | 'service-admin';

/** One endpoint of the wire contract: everything server, client, OpenAPI and tests need. */
export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> {
  /**
   * `E1`…`E57` for the specification's operations; `read.<name>` for reads; `sdk.<name>` for what clients.md Part A adds;
   * `clientlib.<name>` for its live-logging front door (Part B); `ext.<name>` for extensions.
   */
  readonly id: string;
  /** One line saying what the endpoint does. */
  readonly summary: string;
  /** Tag grouping the endpoint in the OpenAPI document. */
  readonly group: string;
  readonly method: HttpMethod;
  /**
   * Path under `/api/rest/v2/` (no leading slash), or an absolute path starting with `/`. A segment
   * `{name}` is a path parameter (OpenAPI style), validated by `params`; see `pathWith`.
   */
  readonly path: string;
  /** Further absolute paths served by the same handler (compat.md §1, e.g. `/clientlib/rest/v2/...`). */
  readonly aliases: readonly string[];
  /** Further methods the same paths answer to (compat.md §1: some clients send mutations as GET); query-only endpoints. */
  readonly alsoMethods: readonly HttpMethod[];
  readonly query: Q;
  /** The path parameters (`{name}` segments of `path`); an empty object schema when there are none. */
  readonly params: P;
  readonly bodyKind: BodyKind;
  readonly body: B;
  readonly replyKind: ReplyKind;
  readonly reply: R;
  /** Status sent on success (200 everywhere except E56/E57). */
  readonly status: 200 | 204;
  /** The 202 reply an endpoint sends instead when an approval policy turned its change into a promotion request (issue 14). */
  readonly accepted?: z.ZodType;
  /** What a caller needs to call it. */
  readonly needs: AccessNeed;
  /** True when its reply holds a new API key: the desktop backend never hands such a reply to the window. */
  readonly secretReply: boolean;
  /** True when it changes only the caller's own standing (leaving a workspace, revoking a key): any role may, a read-only key may not. */
  readonly changesOwnAccount: boolean;
  /** True when the endpoint answers without an API key (`needs: 'none'`: the version checks). */
  readonly public: boolean;
  /** A body field that may carry the API key when no key header is sent (E31's `apiKey`). */
  readonly keyInBody?: string;
  /** A query field that may carry the API key when no key header is sent (the clientlib front door's `apiKey`). */
  readonly keyInQuery?: string;
  /** The status of a missing, unknown or mismatched key (401 unless set: the SDK's handshake reads 90212 only on a 400). */
  readonly keyRefusalStatus?: 400;
}

const emptyObject = z.object({});

/** The part of an endpoint an author writes; the rest gets defaults. */
export interface EndpointSpec<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, P extends z.ZodType = typeof emptyObject> {
  id: string;
  summary: string;
  group: string;
  method: HttpMethod;
  path: string;
  aliases?: readonly string[];
  alsoMethods?: readonly HttpMethod[];
  query?: Q;
  params?: P;
  bodyKind?: BodyKind;
  body?: B;
  replyKind?: ReplyKind;
  reply?: R;
  status?: 200 | 204;
  accepted?: z.ZodType;
  needs: AccessNeed;
  secretReply?: boolean;
  changesOwnAccount?: boolean;
  keyInBody?: string;
  keyInQuery?: string;
  keyRefusalStatus?: 400;
}

/** Builds an endpoint entry, filling in empty query/body schemas and the default 200 status. */
export function defineEndpoint<
  Q extends z.ZodType = typeof emptyObject,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = typeof emptyObject,
>(spec: EndpointSpec<Q, B, R, P>): Endpoint<Q, B, R, P> {
  const bodyKind = spec.bodyKind ?? (spec.body ? 'json' : 'none');
  if (spec.alsoMethods?.length && bodyKind !== 'none') throw new Error(`${spec.id}: alsoMethods is for endpoints that take only a query.`);
  const names = pathParameterNames(spec.path);
  const declared = spec.params instanceof z.ZodObject ? Object.keys(spec.params.shape) : [];
  if (names.join() !== declared.join()) throw new Error(`${spec.id}: the path parameters {${names.join('}, {')}} must match params (${declared.join(', ')}).`);
  return {
    id: spec.id,
    summary: spec.summary,
    group: spec.group,
    method: spec.method,
    path: spec.path,
    aliases: spec.aliases ?? [],
    alsoMethods: spec.alsoMethods ?? [],
    query: (spec.query ?? emptyObject) as Q,
    params: (spec.params ?? emptyObject) as P,
    bodyKind,
    body: (spec.body ?? z.undefined()) as B,
    replyKind: spec.replyKind ?? 'json',
    reply: (spec.reply ?? z.unknown()) as R,
    status: spec.status ?? 200,
    ...(spec.accepted ? { accepted: spec.accepted } : {}),
    needs: spec.needs,
    public: spec.needs === 'none',
    secretReply: spec.secretReply ?? false,
    changesOwnAccount: spec.changesOwnAccount ?? false,
    ...(spec.keyInBody ? { keyInBody: spec.keyInBody } : {}),
    ...(spec.keyInQuery ? { keyInQuery: spec.keyInQuery } : {}),
    ...(spec.keyRefusalStatus ? { keyRefusalStatus: spec.keyRefusalStatus } : {}),
  };
}

/** The parsed path parameters of an endpoint. */
export type ParamsOf<E extends Endpoint> = z.output<E['params']>;
/** The path parameters a caller passes. */
export type ParamsInput<E extends Endpoint> = z.input<E['params']>;
/** The parsed query type of an endpoint. */
export type QueryOf<E extends Endpoint> = z.output<E['query']>;
/** The query type a caller may pass (before coercion). */
export type QueryInput<E extends Endpoint> = z.input<E['query']>;
/** The parsed body type of an endpoint. */
export type BodyOf<E extends Endpoint> = z.output<E['body']>;
/** The body type a caller may pass. */
export type BodyInput<E extends Endpoint> = z.input<E['body']>;
/** The reply type of an endpoint. */
export type ReplyOf<E extends Endpoint> = z.output<E['reply']>;

/** The path prefix of every contract path. */
export const API_PREFIX = '/api/rest/v2/';

/** The absolute URL path of an endpoint. */
export function fullPath(endpoint: Pick<Endpoint, 'path'>): string {
  return endpoint.path.startsWith('/') ? endpoint.path : API_PREFIX + endpoint.path;
}

const PATH_PARAMETER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The names of the `{name}` segments of a contract path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAMETER)].map((match) => match[1] ?? '');
}

/** The absolute URL path of an endpoint with its `{name}` segments filled in (each value percent-encoded). */
export function pathWith(endpoint: Pick<Endpoint, 'path'>, params: Record<string, unknown> = {}): string {
  return fullPath(endpoint).replace(PATH_PARAMETER, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`path parameter "${name}" of ${endpoint.path} is missing`);
    return encodeURIComponent(String(value));
  });
}
