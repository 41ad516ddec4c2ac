import type { RawReply } from './raw-http.ts';

/** What is wrong with a reply to bad input, or undefined: never a 5xx, and every 4xx as `{msg, code, sdk_error_code}`. */
export function problemWith(reply: RawReply): string | undefined {
  const text = reply.body.toString('utf8');
  if (!Number.isInteger(reply.status)) return 'the reply has no status line';
  if (reply.status >= 500) return `answered ${reply.status}: ${text.slice(0, 300)}`;
  if (reply.status < 400) return undefined;
  if (reply.headers['content-type'] !== 'application/json') return `${reply.status} with Content-Type ${reply.headers['content-type']}: ${text.slice(0, 200)}`;
  let body: { msg?: unknown; code?: unknown; sdk_error_code?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `${reply.status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  if (typeof body.msg !== 'string' || body.msg.length === 0) return `${reply.status} without a msg: ${text.slice(0, 200)}`;
  if (body.code !== reply.status) return `${reply.status} with code ${String(body.code)}: ${text.slice(0, 200)}`;
  if (!Number.isInteger(body.sdk_error_code)) return `${reply.status} without an integer sdk_error_code: ${text.slice(0, 200)}`;
  return undefined;
}
