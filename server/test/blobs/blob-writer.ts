/**
 * A second process writing blobs into a shared data dir, as another service instance would:
 * `node blob-writer.ts <data dir> <count> <size> <fill>` writes `count` payloads and prints each blob's name.
 */
import { createBlobStore } from '../../src/blobs/blob-store.ts';
import { payload, slowStream } from './blob-payloads.ts';

const [dataDir, count, size, fill] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: blob-writer.ts <data dir> <count> <size> <fill>');
const store = createBlobStore(dataDir);
for (let index = 0; index < Number(count); index += 1) {
  const { blob } = await store.write(slowStream(payload(Number(size), Number(fill))), Number.MAX_SAFE_INTEGER);
  process.stdout.write(`${blob}\n`);
}
