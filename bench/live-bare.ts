import { createGunzip } from 'node:zlib';
import Fastify from 'fastify';

/**
 * The baseline of `npm run bench -- live`, run as its own process: a bare Fastify handler that gunzips and parses
 * the same batch bodies and answers 200 without storing anything. Prints the line the bench waits for.
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
app.post('/bare', async (request) => ({ msg: 'Saved', stored: (request.body as { values: unknown[] }).values.length }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
