import Fastify from 'fastify';
import { request, Agent } from 'node:http';
import { expect, it } from 'vitest';
import { closePromptly } from '../../src/http/prompt-close.ts';

/** Sends GET `path` on `agent` (keep-alive) and resolves when the whole answer has arrived. */
function get(port: number, path: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

it('close() ends when the request in flight is answered, not when its keep-alive connection times out', async () => {
  // A keep-alive timeout far beyond the test's own timeout: waiting for it would fail the test.
  const app = Fastify({ keepAliveTimeout: 600_000 });
  closePromptly(app);
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  app.get('/slow', async () => {
    await answered;
    return { ok: true };
  });
  let arrived: () => void = () => undefined;
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  app.addHook('onRequest', async () => arrived());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const agent = new Agent({ keepAlive: true });

  const reply = get(port, '/slow', agent);
  await inFlight;
  const closed = app.close();
  // The answer leaves after the server stopped listening, when close() has already shut the idle connections.
  while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
  answer();
  expect(await reply).toBe(200);
  await closed;
  agent.destroy();
});
