import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How many streamed bytes may pass between two young-generation collections. Node copies every body
 * chunk of a request (~64 KiB) into a new buffer, and a file read stream reads into new buffers too.
 * Left alone, V8 scavenges only when its JS heap fills, which a stream of large buffers with tiny JS
 * objects hardly does, so dead chunks pile up to V8's external-memory limit (~64 MB) and then force a
 * full mark-compact of the whole heap: the cost that dominated uploads and downloads (`npm run bench --
 * upload`). A scavenge every 4 MiB frees them in well under a millisecond; every 8 MiB still let full
 * collections through when a slow disk held chunks longer.
 */
const BYTES_PER_COLLECTION = 4 * 1024 * 1024;

/** V8's `gc` function, taken once from a context created while `--expose-gc` was briefly on. */
const collectGarbage = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
  setFlagsFromString('--no-expose-gc');
  return gc;
})();

let bytesSinceCollection = 0;

/** Counts bytes of a streamed upload or download just handed on, and runs a young-generation collection every 4 MiB. */
export function noteStreamedBytes(bytes: number): void {
  bytesSinceCollection += bytes;
  if (bytesSinceCollection < BYTES_PER_COLLECTION) return;
  bytesSinceCollection = 0;
  collectGarbage({ type: 'minor' });
}
