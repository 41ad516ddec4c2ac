import { DELIVERY_HEADER, EVENT_HEADER, REDELIVERY_HEADER, signatureHeaders } from './signing.ts';

/** Header names a configuration may not set: the transport's own and the ones Trackdesk signs with. */
const RESERVED = new Set(['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'user-agent']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Why a configured header is refused, or null when it may be sent. */
export function headerProblem(name: string, value: string): string | null {
  if (!TOKEN.test(name)) return `"${name}" is not a valid HTTP header name.`;
  const lower = name.toLowerCase();
  if (RESERVED.has(lower) || lower.startsWith('x-trackdesk-')) return `The header "${name}" is set by Trackdesk and cannot be configured.`;
  if (/[\r\n\0]/.test(value)) return `The value of header "${name}" contains a line break or NUL.`;
  return null;
}

/** What identifies one notification on the wire. */
export interface AttemptIdentity {
  deliveryId: string;
  eventType: string;
  headers: Record<string, string>;
  secret: string | null;
  body: string;
  /** The delivery id a re-send repeats. */
  redeliveryOf?: string | null;
}

/** The headers of one attempt: the configured ones, the delivery id and event (and the original's id on a re-send), and the signature when a secret is set. */
export function attemptHeaders(identity: AttemptIdentity, nowMillis: number): Record<string, string> {
  const signed = identity.secret ? signatureHeaders(identity.secret, Math.floor(nowMillis / 1000), identity.body) : {};
  return {
    ...identity.headers,
    'User-Agent': 'Trackdesk-Webhooks/1',
    [DELIVERY_HEADER]: identity.deliveryId,
    [EVENT_HEADER]: identity.eventType,
    ...(identity.redeliveryOf ? { [REDELIVERY_HEADER]: identity.redeliveryOf } : {}),
    ...signed,
  };
}
