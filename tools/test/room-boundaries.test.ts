import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
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
