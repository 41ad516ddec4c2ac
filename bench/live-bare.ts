import { createGunzip } from 'node:zlib';
import Fastify from 'fastify';

/**
 * The baseline of `npm run bench -- live` and of the backend rows of `npm run bench -- service`, run as its own
 * process: bare Fastify handlers that gunzip and parse the same batch bodies (`/bare`), or parse one JSON point
 * (`/bare/point`), and answer 200 without storing anything. Prints the line the bench waits for.
 */
const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
app.addHook('preParsing', (request, _reply, payload, done) => {
  if (request.headers['content-encoding'] !== 'gzip') return done(null, payload);
  // Fastify compares the bytes received with Content-Length through this property (as the service's decoder does).
  const decoder = Object.assign(createGunzip(), { receivedEncodedLength: 0 });
  payload.on('data', (chunk: Buffer) => (decoder.receivedEncodedLength += chunk.length));
  payload.on('error', (error) => decoder.destroy(error));
  done(null, payload.pipe(decoder));
});
app.post('/bare/point', async (request) => ({ msg: 'Saved', received: typeof request.body }));
app.post('/bare', async (request) => ({ msg: 'Saved', stored: (request.body as { values: unknown[] }).values.length }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
