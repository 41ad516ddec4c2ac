import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { api } from '../shared/api/index.ts';
import { buildOpenApi } from '../shared/api/openapi.ts';

/** Where the generated OpenAPI document lives. */
export const OPENAPI_FILE = new URL('../docs/openapi.json', import.meta.url);

/** The OpenAPI document's text as `npm run openapi` writes it. */
export function openApiText(): string {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return `${JSON.stringify(buildOpenApi(api, version), null, 2)}\n`;
}

if (import.meta.main) {
  mkdirSync(new URL('../docs/', import.meta.url), { recursive: true });
  writeFileSync(OPENAPI_FILE, openApiText());
  console.log(`Wrote ${OPENAPI_FILE.pathname} (${Object.keys(api).length} endpoints).`);
}
