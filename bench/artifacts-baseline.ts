import { createReadStream, createWriteStream, mkdirSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The raw loopback baseline of `npm run bench -- artifacts`, run as its own process: `PUT /<n>` streams the body into
 * `<dir>/<n>` and fsyncs it (as the service does each blob); `GET /<n>` streams it back.
 */
function main(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const server = createServer((request, response) => {
    const name = (request.url ?? '/').slice(1).replace(/\W/g, '_');
    const file = join(dir, name || 'file');
    if (request.method === 'PUT') {
      pipeline(request, createWriteStream(file))
        .then(async () => {
          const handle = await open(file, 'r');
          await handle.sync();
          await handle.close();
          response.writeHead(200).end();
        })
        .catch(() => response.writeHead(500).end());
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': statSync(file).size });
    pipeline(createReadStream(file), response).catch(() => response.destroy());
  });
  server.listen(0, '127.0.0.1', () => console.log(`baseline listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`));
}

const [dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: artifacts-baseline.ts <dir>');
main(dir);
