import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest package.json above this module (the source tree, or the bundle in out/ or app.asar). */
function findPackageJson(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('Trackdesk cannot find its package.json.');
  }
}

/** The app's name and version, read once from package.json. */
export const appInfo: { name: string; version: string } = (() => {
  const pkg = JSON.parse(readFileSync(findPackageJson(dirname(fileURLToPath(import.meta.url))), 'utf8')) as { version: string };
  return { name: 'Trackdesk', version: pkg.version };
})();
