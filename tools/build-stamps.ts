import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** A build `npm start` runs only when what it reads changed, or what it wrote is not what it wrote last time. */
export interface BuildTarget {
  /** Names the target in messages and in the stamp file's name. */
  name: string;
  /** Files and folders (relative to the repository) whose content decides the output. */
  inputs: readonly string[];
  /** Environment variables the build reads (their values count as inputs). */
  env: readonly string[];
  /** Folders (relative to the repository) the build writes. */
  outputs: readonly string[];
}

/** The renderer (vite.config.ts): its sources, the contracts it imports, its config and the installed packages. */
export const RENDERER_BUILD: BuildTarget = {
  name: 'renderer',
  inputs: ['renderer', 'shared', 'vite.config.ts', 'tsconfig.base.json', 'package.json', 'package-lock.json'],
  env: ['NODE_ENV', 'VITE_'],
  outputs: ['out/renderer'],
};

/** Electron's main and preload, with the embedded service they bundle (electron.vite.config.ts). */
export const ELECTRON_BUILD: BuildTarget = {
  name: 'electron',
  inputs: ['electron/main', 'electron/preload', 'electron/backend/src', 'server/src', 'shared', 'electron.vite.config.ts', 'tsconfig.base.json', 'package.json', 'package-lock.json'],
  env: ['NODE_ENV', 'VITE_'],
  outputs: ['out/main', 'out/preload'],
};

/** Every file under `path` (or `path` itself), sorted, skipping nothing: a file that does not matter costs a rebuild, never a stale build. */
function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .map((name) => join(path, name))
    .filter((file) => statSync(file).isFile())
    .sort();
}

/** A digest of the target's inputs: each file's path and content, and the environment variables it reads. */
export function inputsDigest(root: string, target: BuildTarget, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const file of target.inputs.flatMap((input) => filesUnder(join(root, input)))) {
    hash.update(`${relative(root, file)}\0`).update(readFileSync(file)).update('\0');
  }
  const read = Object.keys(env).filter((name) => target.env.some((wanted) => (wanted.endsWith('_') ? name.startsWith(wanted) : name === wanted)));
  for (const name of read.sort()) hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex');
}

/** A digest of what the build wrote: every output file's path and size (vite and electron-vite name bundles by content). */
export function outputsDigest(root: string, target: BuildTarget): string {
  const hash = createHash('sha256');
  for (const file of target.outputs.flatMap((output) => filesUnder(join(root, output)))) hash.update(`${relative(root, file)}\0${statSync(file).size}\0`);
  return hash.digest('hex');
}

/** The stamp file of a target: what its last build read and wrote. */
export const stampFile = (cacheDir: string, target: BuildTarget): string => join(cacheDir, `${target.name}-build.json`);

/** Whether the target must be built: no stamp, its inputs changed since, or its outputs are missing or were changed by another build. */
export function buildNeeded(root: string, cacheDir: string, target: BuildTarget, inputs: string): boolean {
  const empty = target.outputs.some((output) => !existsSync(join(root, output)) || readdirSync(join(root, output)).length === 0);
  if (empty) return true;
  try {
    const stamp = JSON.parse(readFileSync(stampFile(cacheDir, target), 'utf8')) as { inputs?: unknown; outputs?: unknown };
    return stamp.inputs !== inputs || stamp.outputs !== outputsDigest(root, target);
  } catch {
    return true;
  }
}

/** Records a finished build: the inputs digest taken before it started (a file changed meanwhile means a rebuild next time) and its outputs. */
export function recordBuild(root: string, cacheDir: string, target: BuildTarget, inputs: string): void {
  const file = stampFile(cacheDir, target);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.${process.pid}`, JSON.stringify({ inputs, outputs: outputsDigest(root, target) }));
  renameSync(`${file}.${process.pid}`, file);
}
