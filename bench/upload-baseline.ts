import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';

/**
 * The raw loopback baseline of `npm run bench -- upload`, run as its own process:
 * `PUT /<any>` streams the body into `<file>` and fsyncs it (as the service does); `GET` streams it back.
 */
async function main(file: string): Promise<void> {
  const server = createServer((request, response) => {
    const done = (status: number) => response.writeHead(status).end();
    if (request.method === 'PUT') {
      pipeline(request, createWriteStream(file))
        .then(async () => {
          const handle = await open(file, 'r');
          await handle.sync();
          await handle.close();
          done(200);
        })
        .catch(() => done(500));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': statSync(file).size });
    pipeline(createReadStream(file), response).catch(() => response.destroy());
  });
  server.listen(0, '127.0.0.1', () => console.log(`baseline listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`));
}

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: upload-baseline.ts <file>');
await main(file);
