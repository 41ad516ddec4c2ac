import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { protocol } from 'electron';
import { RENDERER_CSP } from '../../shared/security/csp.ts';
import { APP_SCHEME, contentTypeFor, resolveAppFile } from './security-policy.ts';

/** Declares the app scheme as standard and secure (call before the app is ready). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Serves the built renderer on app://trackdesk/ with the CSP header; unknown extension-less paths get index.html (client routes). */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererDir, request.url);
    if (!file || request.method !== 'GET') return new Response('Not found', { status: 404 });
    const headers = {
      'content-security-policy': RENDERER_CSP,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    };
    for (const candidate of extname(file) ? [file] : [file, resolveAppFile(rendererDir, `${new URL(request.url).origin}/index.html`)]) {
      if (!candidate) continue;
      try {
        return new Response(await readFile(candidate), { headers: { ...headers, 'content-type': contentTypeFor(candidate) } });
      } catch {
        // try the next candidate
      }
    }
    return new Response('Not found', { status: 404, headers });
  });
}
