import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = join(import.meta.dirname, '..', '..');

describe('install scripts', () => {
  it('every installed package with an install script is approved or denied in package.json (npm ci warns about none)', async () => {
    const { stdout } = await promisify(execFile)('npm', ['install-scripts', 'ls'], { cwd: REPO_ROOT });
    expect(stdout.trim()).toBe('No packages with unreviewed install scripts.');
  });
});
