import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Markup that is already safe to place in a page: only `html` makes it, so every other value is escaped on the way in. */
export class SafeHtml {
  readonly markup: string;

  constructor(markup: string) {
    this.markup = markup;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);

/** A template tag for page markup: interpolated values are escaped (arrays joined), except markup an `html` template made. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const part = (value: unknown): string =>
    value instanceof SafeHtml ? value.markup : Array.isArray(value) ? value.map(part).join('') : value === null || value === undefined || value === false ? '' : escapeHtml(String(value));
  return new SafeHtml(strings.reduce((markup, text, index) => markup + part(values[index - 1]) + text));
}

/** The weight (q) an Accept header gives one exact media type; 0 when it names it not at all (wildcards do not count). */
const weightOf = (accept: string, mediaType: string): number => {
  let weight = 0;
  for (const range of accept.split(',')) {
    const [type, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type !== mediaType) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    weight = Math.max(weight, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return weight;
};

/** True when an Accept header names text/html above application/json: a browser opening an address, never an API client (`*\/*`, JSON). */
export const prefersHtml = (accept: string | undefined): boolean => {
  const htmlWeight = weightOf(accept ?? '', 'text/html');
  return htmlWeight > 0 && htmlWeight > weightOf(accept ?? '', 'application/json');
};

const STYLE = [
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1d2330}',
  'a.open{display:inline-block;padding:.6rem 1.2rem;border-radius:.4rem;background:#2456c5;color:#fff;text-decoration:none;font-weight:600}',
  'code{word-break:break-all;background:#eef1f6;padding:.1rem .3rem;border-radius:.2rem}',
  '@media (prefers-color-scheme:dark){body{background:#14171d;color:#e4e7ee}code{background:#262b35}}',
].join('');

/** Nothing but the page's own style: no scripts, images, frames, forms or base URL (a link the page shows is still followable). */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Sends a small self-contained page with its status, under the strict CSP, never cached nor telling where it came from. */
export function sendHtmlPage(reply: FastifyReply, status: number, title: string, body: SafeHtml): FastifyReply {
  const page = html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${title}</title><style>${new SafeHtml(STYLE)}</style></head><body>${body}</body></html>`;
  return reply
    .code(status)
    .header('content-security-policy', PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.markup);
}
