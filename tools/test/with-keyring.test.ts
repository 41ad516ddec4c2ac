import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../with-keyring.sh', import.meta.url));

/** Runs a shell snippet inside its own private keychain session, as the test command runs the suites. */
function insideKeyring(snippet: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(script, ['sh', '-c', snippet], { encoding: 'utf8', timeout: 60_000 });
}

describe('the private keychain the tests run in (tools/with-keyring.sh)', () => {
  it('is unlocked from the first call, and stays so when its daemon ends: the next call finds it again with its items', () => {
    const result = insideKeyring(`
      set -e
      printf kept-secret | timeout 10 secret-tool store --label=probe service trackdesk-probe username u1
      daemon=$(pgrep -f '^gnome-keyring-daemon --unlock --foreground' | head -n 1)
      kill "$daemon"
      while kill -0 "$daemon" 2>/dev/null; do sleep 0.05; done
      echo "found: $(timeout 10 secret-tool lookup service trackdesk-probe username u1)"
      printf another | timeout 10 secret-tool store --label=probe service trackdesk-probe username u2
      echo "stored: $(timeout 10 secret-tool lookup service trackdesk-probe username u2)"`);
    expect(result.stderr).not.toMatch(/prompt/i);
    expect(result.stdout).toBe('found: kept-secret\nstored: another\n');
    expect(result.status).toBe(0);
  });
});
