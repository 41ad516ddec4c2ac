import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The `--public-url` links start with (no trailing slash), or undefined: the request's scheme and host then. */
    publicUrl: string | undefined;
  }
}

/**
 * Reads `--public-url`: an http(s) URL, maybe with a path prefix, without user, query or fragment; answers it without
 * a trailing slash. Throws an Error naming the problem.
 */
export function parsePublicUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`The public URL must be an absolute http(s) URL such as https://trackdesk.example.com, got "${text}".`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new Error(`The public URL must be http(s)://host[:port][/prefix] without user, query or fragment, got "${text}".`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Whether `entry` is an IP address or a CIDR range. */
function isAddressOrRange(entry: string): boolean {
  if (!entry.includes('/')) return ipaddr.isValid(entry);
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/** Reads `--trusted-proxy`: comma-separated IP addresses or CIDR ranges. Throws an Error naming the first bad one. */
export function parseTrustedProxies(text: string): string[] {
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) throw new Error(`A trusted proxy must be an IP address or a CIDR range (e.g. 10.0.0.10 or 10.0.0.0/24), got "${entry}".`);
  }
  return entries;
}

/** Makes a public URL (as parsePublicUrl answers it; undefined: none) the start of every link the service hands out. */
export function installPublicUrl(app: FastifyInstance, publicUrl: string | undefined): void {
  app.decorate('publicUrl', publicUrl);
}

/**
 * `http(s)://host[:port]` of the service as the client reached it: `--public-url` when set, else the request's scheme
 * and host (X-Forwarded-Proto and X-Forwarded-Host count only from a trusted proxy: Fastify's `trustProxy`).
 */
export const publicOrigin = (request: FastifyRequest): string =>
  request.server.publicUrl ?? `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`;
