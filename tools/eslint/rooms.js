// @ts-check
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
  'electron/web': { rooms: ['shared', 'server', 'electron/backend', 'electron/web'], node: true, packages: '*' },
  'electron/main': { rooms: ['shared', 'server', 'electron/backend', 'electron/main'], node: true, packages: '*', electron: true },
  'electron/preload': { rooms: ['shared', 'electron/preload'], node: false, packages: [], electron: true },
  renderer: { rooms: ['shared', 'renderer'], node: false, packages: '*' },
};

/** The room a repository-relative path belongs to, or undefined for files outside every room (tools, tests, e2e). */
export function roomOf(relativePath) {
  const path = relativePath.split('\\').join('/');
  return Object.keys(ROOMS)
    .sort((a, b) => b.length - a.length)
    .find((room) => path === room || path.startsWith(`${room}/`));
}
