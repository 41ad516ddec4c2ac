import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

type ServerPart = { kind: 'layer' | 'domain' | 'process'; uses: string[] };
/** What this test uses of rooms.js, plain JavaScript the TypeScript of tools/ does not read (no allowJs). */
type Rooms = {
  SERVER_PARTS: Record<string, ServerPart>;
  useCycle: (parts: Record<string, ServerPart>) => string[] | undefined;
  checkServerParts: (parts: Record<string, ServerPart>) => void;
};
const { SERVER_PARTS, checkServerParts, useCycle } = (await import(new URL('../eslint/rooms.js', import.meta.url).href)) as Rooms;
// The snippets are linted as files that do not exist, which the type-aware rules of server/ cannot type: off here.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['server/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off', '@typescript-eslint/await-thenable': 'off', '@typescript-eslint/return-await': 'off' },
  },
});

/** Lints `code` as if it were the file at `filePath` and returns the room-boundary messages. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'rooms/boundaries').map((m) => m.message);
}

describe('room boundaries (architecture.md)', () => {
  it.each([
    ['renderer/src/x.ts', "import { readFileSync } from 'node:fs';", 'may not import Node built-in "node:fs"'],
    ['renderer/src/x.ts', "import fs from 'fs';", 'may not import Node built-in "fs"'],
    ['renderer/src/x.ts', "import { ipcRenderer } from 'electron';", 'may not import "electron"'],
    ['renderer/src/x.ts', "import { startServer } from '../../server/src/process/app.ts';", 'may not import from server/'],
    ['electron/backend/src/x.ts', "import { app } from 'electron';", 'may not import "electron"'],
    ['server/src/x.ts', "import { app } from 'electron';", 'may not import "electron"'],
    ['server/src/x.ts', "import { App } from '../../renderer/src/app.tsx';", 'may not import from renderer/'],
    ['shared/api/x.ts', "import { join } from 'node:path';", 'may not import Node built-in "node:path"'],
    ['shared/api/x.ts', "import Fastify from 'fastify';", 'may not import package "fastify"'],
    ['shared/api/x.ts', "export * from '../../electron/backend/src/backend.ts';", 'may not import from electron/backend/'],
    ['electron/preload/x.ts', "import { readFileSync } from 'node:fs';", 'may not import Node built-in "node:fs"'],
    ['electron/backend/src/x.ts', "const m = await import('../../web/web-shell.ts');", 'may not import from electron/web/'],
    ['electron/web/x.ts', "import { startServer } from '../../server/src/process/app.ts';", 'may not import from server/'],
    ['electron/main/x.ts', "import { userDataDir } from '../../server/src/process/user-data-dir.ts';", 'may not import from server/'],
    ['renderer/src/x.ts', "import Database from 'better-sqlite3';", 'may not import package "better-sqlite3"'],
  ])('%s rejects %s', async (file, code, reason) => {
    expect(await boundaryErrors(file, code)).toEqual([expect.stringContaining(reason)]);
  });

  it.each([
    ['renderer/src/x.ts', "import { z } from 'zod';\nimport { api } from '../../shared/api/index.ts';"],
    ['renderer/src/x.ts', "import { Button } from '@mui/material';"],
    ['shared/api/x.ts', "import { z } from 'zod';\nimport { channels } from '../ipc/index.ts';"],
    ['server/src/x.ts', "import { join } from 'node:path';\nimport { api } from '../../shared/api/index.ts';"],
    ['electron/backend/src/x.ts', "import { readFile } from 'node:fs/promises';\nimport { startServer } from '../../../server/src/process/app.ts';"],
    ['electron/main/x.ts', "import { app } from 'electron';\nimport { createBackend } from '../backend/src/backend.ts';"],
    ['electron/preload/x.ts', "import { contextBridge } from 'electron';\nimport { channels } from '../../shared/ipc/index.ts';"],
  ])('%s allows %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe('server parts (SERVER_PARTS in tools/eslint/rooms.js)', () => {
  it.each([
    // A layer imports only the layers it uses, never a domain or process.
    ['server/src/database/x.ts', "import { route } from '../http/routes.ts';", 'server/src/database may not import server/src/http (database uses no other server folder)'],
    ['server/src/throttle/x.ts', "import type { Database } from '../database/database.ts';", 'server/src/throttle may not import server/src/database (throttle uses no other server folder)'],
    ['server/src/http/x.ts', "import { store } from '../experiments/index.ts';", 'server/src/http may not import server/src/experiments (a layer imports no domain; http uses database)'],
    ['server/src/blobs/x.ts', "import { save } from '../assets/save.ts';", 'server/src/blobs may not import server/src/assets (a layer imports no domain; blobs uses database)'],
    ['server/src/http/x.ts', "import { services } from '../process/services.ts';", 'server/src/http may not import server/src/process (nothing imports process: it sits on top)'],
    // A domain imports only the domains it uses.
    ['server/src/assets/x.ts', "import { registry } from '../registry/index.ts';", 'server/src/assets may not import server/src/registry (assets uses experiments)'],
    ['server/src/accounts/x.ts', "import type { Experiment } from '../experiments/index.ts';", 'server/src/accounts may not import server/src/experiments (accounts uses no other domain)'],
    ['server/src/experiments/x.ts', "const m = await import('../search/index.ts');", 'server/src/experiments may not import server/src/search (experiments uses accounts)'],
    ['server/src/clientlib/x.ts', "import { app } from '../process/app.ts';", 'server/src/clientlib may not import server/src/process (nothing imports process: it sits on top)'],
    // ...and only through their index.ts.
    ['server/src/registry/x.ts', "import { store } from '../assets/asset-store.ts';", 'server/src/registry may not import server/src/assets/asset-store.ts; import another domain through its index.ts: ../assets/index.ts'],
    ['server/src/registry/governance/x.ts', "export { records } from '../../assets/records.ts';", 'server/src/registry may not import server/src/assets/records.ts; import another domain through its index.ts: ../../assets/index.ts'],
    ['server/src/live/x.ts', "const m = await import('../logged-data/metrics/tile-store.ts');", 'import another domain through its index.ts: ../logged-data/index.ts'],
    ['server/src/panels/x.ts', "type A = import('../assets/records.ts').Asset;", 'import another domain through its index.ts: ../assets/index.ts'],
    ['server/src/search/x.ts', "import { x } from '../experiments';", 'import another domain through its index.ts: ../experiments/index.ts'],
    // process imports domains through their index.ts too.
    ['server/src/process/x.ts', "import { save } from '../assets/save.ts';", 'server/src/process may not import server/src/assets/save.ts; import another domain through its index.ts: ../assets/index.ts'],
    // A folder missing from SERVER_PARTS, and the room rules, still apply.
    ['server/src/assets/x.ts', "import { y } from '../misc/y.ts';", 'server/src/assets may not import server/src/misc/y.ts (outside every server part)'],
    ['server/src/misc/x.ts', "import { sql } from '../database/sql.ts';", 'server/src/misc/x.ts is outside every server part (add its folder to SERVER_PARTS'],
    ['server/src/assets/x.ts', "import { App } from '../../../renderer/src/app.tsx';", 'may not import from renderer/'],
  ])('%s rejects %s', async (file, code, reason) => {
    expect(await boundaryErrors(file, code)).toEqual([expect.stringContaining(reason)]);
  });

  it.each([
    // Layers: http and blobs over database; every layer its own files.
    ['server/src/http/x.ts', "import type { Database } from '../database/database.ts';\nimport { apiError } from './api-error.ts';"],
    ['server/src/blobs/x.ts', "import { sql } from '../database/sql.ts';\nimport { garbage } from './blob-garbage.ts';"],
    ['server/src/database/copy/x.ts', "import { sql } from '../sql.ts';"],
    // A domain: every layer, its own files (subfolders too), and the index.ts of the domains it uses.
    ['server/src/logged-data/x.ts', "import { sql } from '../database/sql.ts';\nimport { limits } from '../throttle/rate-limits.ts';\nimport { reply } from '../http/replies.ts';\nimport { blobs } from '../blobs/blob-store.ts';"],
    ['server/src/logged-data/metrics/x.ts', "import { values } from '../values.ts';\nimport { tiles } from './tile-store.ts';\nimport { experiments } from '../../experiments/index.ts';"],
    ['server/src/registry/x.ts', "import { gate } from './governance/gate.ts';\nimport type { ExperimentModel } from '../assets/index.ts';\nexport * from '../webhooks/index.ts';"],
    ['server/src/clientlib/x.ts', "import { a } from '../accounts/index.ts';\nimport { e } from '../experiments/index.ts';\nimport { as } from '../assets/index.ts';\nconst l = await import('../logged-data/index.ts');"],
    ['server/src/live/x.ts', "type S = import('../logged-data/index.ts').Series;"],
    // process: every layer, its own files, and any domain's index.ts.
    ['server/src/process/x.ts', "import { routes } from '../http/routes.ts';\nimport { services } from './services.ts';\nimport { registry } from '../registry/index.ts';\nimport { live } from '../live/index.ts';"],
    // Outside server/src the parts do not apply: the tests reach into any file.
    ['server/test/assets/x.test.ts', "import { save } from '../../src/assets/save.ts';"],
  ])('%s allows %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('declares domain uses that form no cycle (rooms.js also checks this when it loads)', () => {
    expect(useCycle(SERVER_PARTS)).toBeUndefined();
    expect(() => checkServerParts(SERVER_PARTS)).not.toThrow();
  });

  it('rejects declared uses that form a cycle, naming it', () => {
    const parts = {
      a: { kind: 'domain' as const, uses: ['b'] },
      b: { kind: 'domain' as const, uses: ['c'] },
      c: { kind: 'domain' as const, uses: ['a'] },
      d: { kind: 'domain' as const, uses: ['a'] },
    };
    expect(useCycle(parts)).toEqual(['a', 'b', 'c', 'a']);
    expect(() => checkServerParts(parts)).toThrow('SERVER_PARTS: the declared uses form a cycle: a -> b -> c -> a');
  });

  it('rejects a use of an unknown part or of another kind', () => {
    expect(() => checkServerParts({ a: { kind: 'domain', uses: ['nowhere'] } })).toThrow('SERVER_PARTS: a (a domain) uses nowhere, which is not a domain');
    expect(() => checkServerParts({ db: { kind: 'layer', uses: [] }, a: { kind: 'domain', uses: ['db'] } })).toThrow('which is not a domain');
  });
});
