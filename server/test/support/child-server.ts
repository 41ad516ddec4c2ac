import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The repository root (tests spawn the CLI from it). */
export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
/** Node 24 from node_modules (the system node cannot run the project). */
export const NODE = join(REPO_ROOT, 'node_modules', '.bin', 'node');
/** The CLI entry. */
export const CLI = join(REPO_ROOT, 'server', 'src', 'process', 'cli.ts');

/** A service running as a child process. */
export interface ChildServer {
  url: string;
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  /** Every stdout line so far. */
  stdout: string[];
  stderr: () => string;
}

/** Runs the CLI with arguments and env; resolves its output when it exits. */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(NODE, [CLI, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

/** Starts `cli.ts --port 0 --data-dir <dir>` and resolves once it printed its listening line. */
export async function startChildServer(dataDir: string, env: Record<string, string> = {}, extraArgs: string[] = []): Promise<ChildServer> {
  const child = spawn(NODE, [CLI, '--port', '0', '--data-dir', dataDir, ...extraArgs], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  const stdout: string[] = [];
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      stdout.push(line);
      const match = /^Trackdesk service listening on (http:\/\/\S+)$/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    exited.then((code) => reject(new Error(`The service exited (${code}) before listening: ${stderr}`))).catch(reject);
  });
  return { url, child, exited, stdout, stderr: () => stderr };
}
