import { z } from 'zod';
import { api, pathWith, type Endpoint } from '../../../../shared/api/index.ts';
import { AppError } from '../ipc/app-error.ts';

/** The path parameters, query and body of one call, as the caller wrote them. */
export interface RawRequest {
  params?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/** Strips what users paste along with a server address: trailing slashes, `/api/rest/v2`, `/clientlib`. */
export function normalizeBaseUrl(baseUrl: string): string {
  let url = baseUrl.trim().replace(/\/+$/, '');
  for (const suffix of ['/api/rest/v2', '/clientlib']) {
    if (url.toLowerCase().endsWith(suffix)) url = url.slice(0, -suffix.length).replace(/\/+$/, '');
  }
  return url;
}

/** Loopback host names: one machine, whichever way an address names it. */
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/i;

/**
 * Whether two service addresses name the same service: equal once normalized, with the scheme and host compared
 * case-insensitively, default ports dropped, and `localhost`, `127.0.0.1` and `[::1]` taken as one host.
 */
export function sameService(left: string, right: string): boolean {
  const key = (baseUrl: string) => {
    const normalized = normalizeBaseUrl(baseUrl);
    try {
      const url = new URL(normalized);
      const host = LOOPBACK.test(url.hostname) ? 'loopback' : url.hostname.toLowerCase();
      return `${url.protocol}//${host}:${url.port}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
      return normalized;
    }
  };
  return key(left) === key(right);
}

/**
 * The origin (scheme, host and port) of a service address: what a stored key is bound to. An address that does not
 * parse is its own origin, compared as typed (lower-cased).
 */
export function originOf(baseUrl: string): string {
  try {
    return new URL(normalizeBaseUrl(baseUrl)).origin;
  } catch {
    return normalizeBaseUrl(baseUrl).toLowerCase();
  }
}

/** The host (and port) of a base URL, for messages. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}

/** The contract entry named `name`, restricted to the kinds a caller asks for. */
export function endpointNamed(name: string, allowed: { bodyKinds: Endpoint['bodyKind'][]; replyKind: Endpoint['replyKind'] }): Endpoint {
  const endpoint: Endpoint | undefined = Object.hasOwn(api, name) ? (api as Record<string, Endpoint>)[name] : undefined;
  if (!endpoint) throw new AppError('invalid_input', `"${name}" is not an endpoint of the wire contract.`);
  if (!allowed.bodyKinds.includes(endpoint.bodyKind) || endpoint.replyKind !== allowed.replyKind) {
    const kind = endpoint.bodyKind === 'multipart' ? 'an upload' : endpoint.replyKind === 'binary' ? 'a download' : 'a JSON call';
    throw new AppError('invalid_input', `"${name}" is ${kind}; use the matching channel for it.`);
  }
  return endpoint;
}

/** Checks path parameters, query and body against the endpoint's own schemas; throws `invalid_input` naming the field. */
export function checkRequest(name: string, endpoint: Endpoint, request: RawRequest, checkBody = true): void {
  const params = endpoint.params.safeParse(request.params ?? {});
  if (!params.success) throw new AppError('invalid_input', `Invalid path parameters for ${name}: ${z.prettifyError(params.error)}`);
  const query = endpoint.query.safeParse(request.query ?? {});
  if (!query.success) throw new AppError('invalid_input', `Invalid query for ${name}: ${z.prettifyError(query.error)}`);
  if (!checkBody) return;
  const body = endpoint.body.safeParse(request.body);
  if (!body.success) throw new AppError('invalid_input', `Invalid body for ${name}: ${z.prettifyError(body.error)}`);
}

/**
 * The absolute URL of a call: base URL, the endpoint's path with its path parameters filled in, and the query (undefined and
 * null values left out).
 */
export function buildUrl(baseUrl: string, endpoint: Pick<Endpoint, 'path'>, query: Record<string, unknown> = {}, params: Record<string, unknown> = {}): URL {
  const url = new URL(normalizeBaseUrl(baseUrl) + pathWith(endpoint, params));
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      url.searchParams.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return url;
}

/** True for endpoints that only read (the contract's `read.*` ids): safe to retry. GET mutations are not reads. */
export function isRetryable(endpoint: Pick<Endpoint, 'id'>): boolean {
  return endpoint.id.startsWith('read.');
}
