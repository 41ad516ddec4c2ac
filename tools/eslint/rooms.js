// @ts-check
/** The browser libraries the renderer may use (and its test tools); anything else needs a decision first. */
const RENDERER_PACKAGES = [
  '@mui/icons-material',
  '@mui/material',
  '@tanstack/react-query',
  '@tanstack/react-virtual',
  'uplot',
  'ml-random-forest',
  'react',
  'react-dom',
  'react-router',
  'semver',
  'zod',
  'zustand',
  '@testing-library/react',
  'vitest',
];

/**
 * What each room may import (architecture.md, "What each room may import").
 * `rooms`: the rooms whose files it may import by relative path.
 * `node`: whether Node built-ins are allowed. `packages`: which npm packages are allowed
 * ('*' = any except `electron`, which only main and preload may import).
 */
export const ROOMS = {
  shared: { rooms: ['shared'], node: false, packages: ['zod'] },
  server: { rooms: ['shared', 'server'], node: true, packages: '*' },
  'electron/backend': { rooms: ['shared', 'server', 'electron/backend'], node: true, packages: '*' },
  // The shells wire the backend; only the backend reaches into server/ (to run the embedded service).
  'electron/web': { rooms: ['shared', 'electron/backend', 'electron/web'], node: true, packages: '*' },
  'electron/main': { rooms: ['shared', 'electron/backend', 'electron/main'], node: true, packages: '*', electron: true },
  'electron/preload': { rooms: ['shared', 'electron/preload'], node: false, packages: [], electron: true },
  renderer: { rooms: ['shared', 'renderer'], node: false, packages: RENDERER_PACKAGES },
};

/** The room a repository-relative path belongs to, or undefined for files outside every room (tools, tests, e2e). */
export function roomOf(relativePath) {
  const path = relativePath.split('\\').join('/');
  return Object.keys(ROOMS)
    .sort((a, b) => b.length - a.length)
    .find((room) => path === room || path.startsWith(`${room}/`));
}

/** @typedef {{ kind: 'layer' | 'domain' | 'process', uses: string[] }} ServerPart */

/** Where the service's folders live, relative to the repository root. */
export const SERVER_SRC = 'server/src';

/**
 * The folders of server/src: layers under every domain, domains, and process on top.
 * `uses`: for a layer, the other layers it may import; for a domain, the other domains it may import
 * (through their index.ts; every domain may import any layer). process may import every layer and every domain's index.ts.
 * @type {Record<string, ServerPart>}
 */
export const SERVER_PARTS = {
  database: { kind: 'layer', uses: [] },
  throttle: { kind: 'layer', uses: [] },
  http: { kind: 'layer', uses: ['database'] },
  blobs: { kind: 'layer', uses: ['database'] },
  accounts: { kind: 'domain', uses: [] },
  experiments: { kind: 'domain', uses: ['accounts'] },
  search: { kind: 'domain', uses: ['experiments'] },
  assets: { kind: 'domain', uses: ['experiments'] },
  'logged-data': { kind: 'domain', uses: ['experiments'] },
  webhooks: { kind: 'domain', uses: ['accounts', 'experiments'] },
  registry: { kind: 'domain', uses: ['accounts', 'assets', 'logged-data', 'webhooks'] },
  panels: { kind: 'domain', uses: ['assets'] },
  live: { kind: 'domain', uses: ['experiments', 'logged-data'] },
  clientlib: { kind: 'domain', uses: ['accounts', 'experiments', 'assets', 'logged-data'] },
  views: { kind: 'domain', uses: ['experiments'] },
  'asset-contents': { kind: 'domain', uses: ['experiments', 'assets'] },
  alerts: { kind: 'domain', uses: ['experiments', 'logged-data', 'webhooks'] },
  process: { kind: 'process', uses: [] },
};

/**
 * The first path segment under server/src of a repository-relative path (the server part's name if it is one), or undefined outside server/src.
 * @param {string} relativePath
 */
export function serverFolderOf(relativePath) {
  const path = relativePath.split('\\').join('/');
  return path.startsWith(`${SERVER_SRC}/`) ? path.slice(SERVER_SRC.length + 1).split('/')[0] : undefined;
}

/**
 * The server part called `name`, or undefined for any other name.
 * @param {string | undefined} name
 */
export function serverPart(name) {
  return name !== undefined && Object.hasOwn(SERVER_PARTS, name) ? SERVER_PARTS[name] : undefined;
}

/**
 * The first cycle in the parts' declared `uses` (its names, the first repeated at the end), or undefined.
 * @param {Record<string, ServerPart>} parts
 */
export function useCycle(parts) {
  /** @type {Map<string, 'open' | 'done'>} */
  const state = new Map();
  /** @param {string} name @param {string[]} trail @returns {string[] | undefined} */
  const visit = (name, trail) => {
    if (state.get(name) === 'open') return [...trail.slice(trail.indexOf(name)), name];
    if (state.has(name)) return undefined;
    state.set(name, 'open');
    for (const used of parts[name]?.uses ?? []) {
      const cycle = visit(used, [...trail, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return undefined;
  };
  for (const name of Object.keys(parts)) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * Throws when a part uses an unknown part, a part of another kind, or the uses form a cycle.
 * @param {Record<string, ServerPart>} parts
 */
export function checkServerParts(parts) {
  for (const [name, part] of Object.entries(parts)) {
    for (const used of part.uses) {
      if (parts[used]?.kind !== part.kind) throw new Error(`SERVER_PARTS: ${name} (a ${part.kind}) uses ${used}, which is not a ${part.kind}`);
    }
  }
  const cycle = useCycle(parts);
  if (cycle) throw new Error(`SERVER_PARTS: the declared uses form a cycle: ${cycle.join(' -> ')}`);
}

checkServerParts(SERVER_PARTS);
