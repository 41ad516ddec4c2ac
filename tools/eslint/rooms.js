// @ts-check
/** The browser libraries the renderer may use (and its test tools); anything else needs a decision first. */
const RENDERER_PACKAGES = [
  '@mui/icons-material',
  '@mui/material',
  '@tanstack/react-query',
  '@tanstack/react-virtual',
  'uplot',
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
