import Fastify from 'fastify';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EventBus } from '../../backend/src/events.ts';
import { registerEventStream } from '../event-stream.ts';

const app = Fastify();
const bus = new EventBus();
let port = 0;

beforeAll(async () => {
  registerEventStream(app, bus, () => [
    { name: 'service.status', payload: { profileId: 'local', state: 'ready', baseUrl: 'http://127.0.0.1:5170' } },
  ]);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(() => app.close());

it('sends the current state to a page as soon as it connects, so a change made before it connected is not missed', async () => {
  const text = await new Promise<string>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/events' }, (res) => {
      let received = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        received += chunk;
        if (received.includes('event: service.status')) {
          req.destroy();
          resolve(received);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
  expect(text).toBe(': connected\n\nevent: service.status\ndata: {"profileId":"local","state":"ready","baseUrl":"http://127.0.0.1:5170"}\n\n');
});
