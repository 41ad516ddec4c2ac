import type { ChildProcess } from 'node:child_process';

/** Resolves with the address a starting browser shell prints ("running at http://…"), and what it printed so far on demand. */
export async function printedAddress(child: ChildProcess, what: string): Promise<{ url: string; output: () => string }> {
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start in time:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}:\n${output}`)));
  });
  return { url, output: () => output };
}
