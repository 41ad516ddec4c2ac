import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Another tracking service on 127.0.0.1 (a team's, say): its address, its admin key, and how to stop it. */
export interface SecondService {
  baseUrl: string;
  apiKey: string;
  stop(): Promise<void>;
}

/** Starts `npm run server`'s entry on a free port with a fresh data dir and a known admin key; resolves once it listens. */
export async function startSecondService(): Promise<SecondService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'trackdesk-e2e-team-'));
  const apiKey = 'team-admin-key-0123456789abcdefghij';
  const child = spawn(process.execPath, ['server/src/process/cli.ts', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, TRACKDESK_BOOTSTRAP_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The second service did not start in time:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The second service exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, apiKey, stop };
}
