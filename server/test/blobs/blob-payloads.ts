import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Bytes at the start of a payload that state its whole size, so a reader can tell a cut-off copy. */
const HEADER_BYTES = 16;
const CHUNK_BYTES = 16 * 1024;

/** A blob's content that checks itself: its size in a header, then one repeated byte. */
export function payload(size: number, fill: number): Buffer {
  const bytes = Buffer.alloc(size, fill);
  bytes.write(String(size).padStart(HEADER_BYTES, ' '), 'latin1');
  return bytes;
}

/** Why `bytes` is not a whole payload, or undefined when it is one. */
export function payloadFault(bytes: Buffer): string | undefined {
  if (bytes.length < HEADER_BYTES) return `only ${bytes.length} bytes, shorter than the header`;
  const size = Number(bytes.subarray(0, HEADER_BYTES).toString('latin1'));
  if (bytes.length !== size) return `${bytes.length} of ${size} bytes`;
  const fill = bytes[HEADER_BYTES];
  return bytes.subarray(HEADER_BYTES).every((byte) => byte === fill) ? undefined : 'mixed content';
}

/** A stream of `bytes` in small chunks, one per event-loop turn, so a write stays in progress for a while. */
export function slowStream(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
        await nextTurn();
        yield bytes.subarray(offset, offset + CHUNK_BYTES);
      }
    })(),
  );
}
