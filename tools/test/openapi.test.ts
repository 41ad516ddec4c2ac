import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, endpoints, fullPath } from '../../shared/api/index.ts';
import { OPENAPI_FILE, openApiText } from '../openapi.ts';

describe('the wire contract and its OpenAPI document', () => {
  it('docs/openapi.json is up to date (run `npm run openapi` after changing shared/api)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(openApiText());
  });

  it('gives every endpoint a unique id and a unique method and path', () => {
    const ids = endpoints.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = endpoints.flatMap((e) => [fullPath(e), ...e.aliases].map((path) => `${e.method} ${path}`));
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('names every endpoint of the contract in the document', () => {
    const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as { paths: Record<string, Record<string, { operationId: string }>> };
    const operationIds = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(operationIds).toEqual(expect.arrayContaining(Object.keys(api)));
  });

  it('names all 57 operations of the specification (E1…E57) through x-endpoint-id', () => {
    const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as { paths: Record<string, Record<string, { 'x-endpoint-id': string }>> };
    const named = new Set(Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op['x-endpoint-id'])));
    const operations = Array.from({ length: 57 }, (_, index) => `E${index + 1}`);
    expect(operations.filter((id) => !named.has(id))).toEqual([]);
  });
});
