import { createHmac } from 'node:crypto';

/** Header carrying the delivery id (the same on every attempt of one notification). */
export const DELIVERY_HEADER = 'X-Trackdesk-Delivery';
/** Header naming the delivery a re-send repeats (only on redeliveries). */
export const REDELIVERY_HEADER = 'X-Trackdesk-Redelivery-Of';
/** Header carrying the event type. */
export const EVENT_HEADER = 'X-Trackdesk-Event';
/** Header carrying the signing time in seconds since the epoch (set per attempt). */
export const TIMESTAMP_HEADER = 'X-Trackdesk-Timestamp';
/** Header carrying `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed with the secret>`. */
export const SIGNATURE_HEADER = 'X-Trackdesk-Signature';

/** The signature value for a body signed at `timestampSeconds` (see server/README.md, "Verifying a webhook"). */
export function webhookSignature(secret: string, timestampSeconds: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')}`;
}

/** The timestamp and signature headers for one attempt. */
export function signatureHeaders(secret: string, timestampSeconds: number, body: string): Record<string, string> {
  return { [TIMESTAMP_HEADER]: String(timestampSeconds), [SIGNATURE_HEADER]: webhookSignature(secret, timestampSeconds, body) };
}
