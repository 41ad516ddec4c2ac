import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_PORT_VARIABLE } from './local-port.ts';

/** True when version `a` is older than `b` (numeric dot-separated parts; a pre-release suffix is ignored). */
export function isOlderVersion(a: string, b: string): boolean {
  const parts = (version: string) => version.split(/[-+]/)[0]!.split('.').map((part) => Number(part) || 0);
  const [left, right] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    if ((left[i] ?? 0) !== (right[i] ?? 0)) return (left[i] ?? 0) < (right[i] ?? 0);
  }
  return false;
}

/** The config files the app saves for scripts that name `address` (only the default one can be known: others the user chose). */
async function configsNaming(address: string, home: string): Promise<string[]> {
  const path = join(home, '.comet.config');
  const text = await readFile(path, 'utf8').catch(() => '');
  return text.includes(address) ? [path] : [];
}

/** What the window says when the port is another program's: what to do, and the saved configs that must change. */
export async function portTakenMessage(port: number, home: string = homedir()): Promise<string> {
  const address = `http://127.0.0.1:${port}`;
  const configs = await configsNaming(address, home);
  const named = configs.length > 0 ? `${configs.join(', ')} and any other .comet.config you saved` : 'any .comet.config you saved';
  return (
    `Port ${port} on 127.0.0.1 is used by another program, so the local service cannot listen there and nothing is logged to it. ` +
    `Stop that program, or choose another port for the local service (here, or with ${LOCAL_PORT_VARIABLE}); ` +
    `then update what names ${address}: ${named}, and COMET_URL_OVERRIDE in your scripts' environment.`
  );
}
