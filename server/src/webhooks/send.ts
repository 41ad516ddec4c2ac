import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { checkAddress, checkUrlShape, safeLookup, urlHost } from './url-safety.ts';

/** What one POST to a webhook URL produced. */
export interface SendOutcome {
  /** The receiver's status; null when no response arrived (refused, network error, timeout). */
  statusCode: number | null;
  /** The first 4 KiB of the receiver's answer. */
  responseBody: string;
  /** Why there was no response, or null. */
  error: string | null;
  /** The receiver's Retry-After in ms, when it sent one. */
  retryAfterMillis: number | null;
}

/** One POST to make. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const RESPONSE_BODY_LIMIT = 4096;
const MAX_RETRY_AFTER_MILLIS = 24 * 60 * 60 * 1000;

/** Parses Retry-After: delta-seconds or an HTTP date. */
export function retryAfterMillis(value: string | undefined, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MILLIS);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.min(Math.max(date - now, 0), MAX_RETRY_AFTER_MILLIS);
}

const readCapped = (response: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - size));
      size += chunk.length;
    });
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
  });

/**
 * POSTs a JSON body with a hard time limit for the whole exchange. Redirects are not followed; the
 * address is checked again at connection time (DNS may have changed since the URL was saved).
 */
export async function sendWebhook(target: WebhookRequest, options: { allowPrivate: boolean; timeoutMillis: number }): Promise<SendOutcome> {
  const failed = (error: string): SendOutcome => ({ statusCode: null, responseBody: '', error, retryAfterMillis: null });
  let url: URL;
  try {
    url = checkUrlShape(target.url);
    if (isIP(urlHost(url))) checkAddress(urlHost(url), options.allowPrivate);
  } catch (error) {
    return failed((error as Error).message);
  }
  const signal = AbortSignal.timeout(options.timeoutMillis);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  try {
    return await new Promise<SendOutcome>((resolve, reject) => {
      const request = send(url, {
        method: 'POST',
        headers: { ...target.headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(target.body) },
        lookup: safeLookup(options.allowPrivate),
        signal,
      });
      request.on('response', (response) => {
        readCapped(response).then(
          (responseBody) =>
            resolve({
              statusCode: response.statusCode ?? null,
              responseBody,
              error: null,
              retryAfterMillis: retryAfterMillis(response.headers['retry-after'], Date.now()),
            }),
          reject,
        );
      });
      request.on('error', reject);
      request.end(target.body);
    });
  } catch (error) {
    if (signal.aborted) return failed(`No complete answer within ${options.timeoutMillis / 1000} s.`);
    const { code, message } = error as NodeJS.ErrnoException;
    return failed(code ? `${code}: ${message}` : message);
  }
}
