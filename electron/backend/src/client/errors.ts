import type { IpcErrorCode } from '../../../../shared/ipc/index.ts';
import { AppError } from '../ipc/app-error.ts';

/** Node/undici error codes meaning nothing answered at that address. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Error codes meaning the address answered too slowly. */
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** OpenSSL / Node error codes of certificate and handshake failures. */
const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'EPROTO',
]);

/** Plain-words explanations of the most common network codes. */
const CODE_WORDS: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening there (connection refused)',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be looked up right now',
  ECONNRESET: 'the connection was closed unexpectedly',
  EHOSTUNREACH: 'the host cannot be reached from this network',
  ENETUNREACH: 'the network is unreachable',
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is self-signed and not trusted",
  SELF_SIGNED_CERT_IN_CHAIN: "the server's certificate chain contains an untrusted self-signed certificate",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's certificate could not be verified",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate is for a different host name",
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server does not speak HTTPS on that port',
};

/** The error code of a network failure, looking through undici's `cause` chain. */
function networkCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Turns a failure to get any HTTP answer into a typed AppError (unreachable, timeout or tls). */
export function networkError(error: unknown, host: string): AppError {
  const code = networkCode(error) ?? '';
  const words = CODE_WORDS[code] ?? (code ? `network error ${code}` : 'no answer');
  if (TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_')) {
    return new AppError('tls', `The secure connection to ${host} failed: ${words}.`);
  }
  if (TIMEOUT_CODES.has(code)) return timeoutError(host);
  if (UNREACHABLE_CODES.has(code) || code) return new AppError('unreachable', `Cannot reach ${host}: ${words}.`);
  return new AppError('unreachable', `Cannot reach ${host}: ${error instanceof Error ? error.message : 'no answer'}.`);
}

/** The error for a call that got no complete answer in time. */
export function timeoutError(host: string, limitMs?: number): AppError {
  const limit = limitMs === undefined ? ' in time' : limitMs < 1000 ? ` within ${limitMs} ms` : ` within ${Math.round(limitMs / 1000)} s`;
  return new AppError('timeout', `${host} did not answer${limit}.`);
}

/** The error for a call the user cancelled. */
export function cancelledError(): AppError {
  return new AppError('cancelled', 'Cancelled.');
}

/** The ipc error code for an HTTP error status. */
export function codeForStatus(status: number): IpcErrorCode {
  if (status === 400 || status === 422) return 'invalid_input';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'too_large';
  if (status === 429) return 'throttled';
  return 'server_error';
}

/** Fallback wording when the server sent no message. */
export function statusWords(status: number): string {
  if (status === 401) return 'The server refused the API key.';
  if (status === 403) return 'This API key has no access to that.';
  if (status === 404) return 'The server has no such item.';
  if (status === 413) return 'That is too large for the server.';
  if (status === 429) return 'The server is throttling requests; try again in a moment.';
  if (status >= 500) return `The server had an internal error (${status}).`;
  return `The server refused the request (${status}).`;
}

/** The error for an answer that is not from a compatible tracking service (with the HTTP status when one says so). */
export function incompatibleError(url: string, detail: string, status?: number): AppError {
  return new AppError('incompatible', `${url} is not a compatible tracking service: ${detail}.`, status === undefined ? {} : { status });
}
