import { Agent, request } from 'node:http';
import { expect, it } from 'vitest';
import { startTestServer } from '../support/harness.ts';

/** GET `url` on `agent` (keep-alive): its status and Connection header, or the connection's error code. */
function get(url: string, agent: Agent): Promise<{ status: number; connection: string | undefined } | { error: string }> {
  return new Promise((resolve) => {
    request(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    })
      .on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
      .end();
  });
}

it('a drained close keeps answering on kept-alive connections, each answer closing its connection, new ones refused', async () => {
  const server = await startTestServer();
  const url = `${server.url}/clientlib/isAlive/ver`;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await get(url, agent)).toEqual({ status: 200, connection: 'keep-alive' });
    const closing = server.server.close({ drainMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The connection the client kept is still open and answered on (not reset under the request), and says it closes.
    expect(await get(url, agent)).toEqual({ status: 200, connection: 'close' });
    // New connections are refused (the SDK retries a refused connection), and the close ends once none is left open.
    expect(await get(url, agent)).toEqual({ error: 'ECONNREFUSED' });
    await closing;
  } finally {
    agent.destroy();
    await server.close();
  }
});
