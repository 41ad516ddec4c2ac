import { readFileSync } from 'node:fs';

/** The app's name and version, read once from package.json. */
export const appInfo: { name: string; version: string } = (() => {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return { name: 'Trackdesk', version: pkg.version };
})();
