import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
/** Written once a worktree's dependencies are in place: the lockfile they were installed from. */
const INSTALLED = '.bench-installed';

/** A checkout of an earlier commit, installed and ready to start its service. */
export interface RefWorktree {
  /** The commit, abbreviated, and its subject line. */
  commit: string;
  subject: string;
  dir: string;
  /** The service's CLI script of that commit (from its `npm run server`). */
  serverScript: string;
  /** Whether that commit's service has `--no-background-tiles` (older ones have no background tiling to turn off). */
  hasBackgroundTiles: boolean;
}

const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * Where worktrees of earlier commits are kept, shared by every worktree of this repository and reused by later runs:
 * inside the git directory, outside the tracked files (and not under node_modules, where Node strips no types).
 */
const cacheDir = () => join(git(['rev-parse', '--path-format=absolute', '--git-common-dir']), 'trackdesk-bench');

/** Hard-links the current node_modules into the worktree (cp -al, as the project's own worktrees are set up). */
function linkModules(dir: string): void {
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    execFileSync('cp', ['-al', join(ROOT, 'node_modules', entry), join(dir, 'node_modules', entry)]);
  }
}

/** The service's CLI script named by a checkout's `npm run server`. */
function serverScriptOf(dir: string): string {
  const { scripts } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const script = /\bnode\s+(\S+\.ts)\b/.exec(scripts?.server ?? '')?.[1];
  if (!script) throw new Error(`The commit's package.json has no "server" script of the form "node <file>.ts": pick a later commit for --against.`);
  return join(dir, script);
}

/**
 * A git worktree of `ref` in <git dir>/trackdesk-bench/<commit>, made and installed on first use and reused
 * after: node_modules hard-linked from this checkout when the lockfiles are identical, else `npm ci --omit=dev` there.
 */
export function prepareRefWorktree(ref: string): RefWorktree {
  let full: string;
  try {
    full = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`"${ref}" names no commit of this repository: give a commit, tag or branch (see git log --oneline).`);
  }
  const commit = full.slice(0, 10);
  const dir = join(cacheDir(), commit);
  if (!existsSync(join(dir, '.git'))) {
    mkdirSync(cacheDir(), { recursive: true });
    git(['worktree', 'prune']);
    console.log(`  making a worktree of ${commit} in ${dir} (once)`);
    git(['worktree', 'add', '--detach', '--force', dir, full]);
  }
  const lockfile = readFileSync(join(dir, 'package-lock.json'), 'utf8');
  const marker = join(dir, INSTALLED);
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== lockfile) {
    if (lockfile === readFileSync(join(ROOT, 'package-lock.json'), 'utf8') && !existsSync(join(dir, 'node_modules'))) {
      console.log('  same lockfile as this checkout: hard-linking node_modules (once)');
      linkModules(dir);
    } else {
      console.log('  its lockfile differs from this checkout\'s: npm ci --omit=dev there (once)');
      execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
    }
    writeFileSync(marker, lockfile);
  }
  const hasBackgroundTiles = spawnSync('git', ['grep', '-q', '-e', 'no-background-tiles', full, '--', 'server/src'], { cwd: ROOT }).status === 0;
  return { commit, subject: git(['log', '-1', '--format=%s', full]).slice(0, 70), dir, serverScript: serverScriptOf(dir), hasBackgroundTiles };
}
