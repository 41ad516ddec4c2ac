import { readFileSync } from 'node:fs';

/** The text of a file the real SDK logged (server/test/fixtures/sdk-media/). */
export const sdkMediaText = (name: string): string => readFileSync(new URL(`../fixtures/sdk-media/${name}`, import.meta.url), 'utf8');

/** The decoded value of an answer expected to decode, or a failed test naming the reason. */
export function decodedValue<T>(result: { ok: true; value: T } | { ok: false; error: { reason: string } }): T {
  if (!result.ok) throw new Error(`expected to decode, refused: ${result.error.reason}`);
  return result.value;
}
