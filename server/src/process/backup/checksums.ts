import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Checksum } from './manifest.ts';

/** Counts and hashes the chunks going by; `result()` once they have all gone. */
export function hashing(): { pass: (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer>; result: () => Checksum } {
  const hash = createHash('sha256');
  let size = 0;
  return {
    async *pass(source) {
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    result: () => ({ size, sha256: hash.digest('hex') }),
  };
}

/** Streams `source` into `target`, returning the size and SHA-256 of the bytes copied. */
export async function copyHashing(source: Readable, target: Writable): Promise<Checksum> {
  const hashed = hashing();
  await pipeline(source, hashed.pass, target);
  return hashed.result();
}

/** The size and SHA-256 of the file at `path`. */
export async function fileChecksum(path: string): Promise<Checksum> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Says whether `actual` matches `expected` (same size and SHA-256). */
export const sameChecksum = (actual: Checksum, expected: Checksum): boolean => actual.size === expected.size && actual.sha256 === expected.sha256;
