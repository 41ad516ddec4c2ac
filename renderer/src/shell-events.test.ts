import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fresh copy of the module (one shared stream per page load). */
const freshModule = async () => {
  vi.resetModules();
  return import('./shell-events.ts');
};

/** An event stream answer whose bytes arrive in the given pieces (cut anywhere, as the network may). */
function streamed(pieces: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

it('stops asking when the shell refuses the page (no token: retrying cannot help)', async () => {
  vi.useFakeTimers();
  const fetched = vi.fn(async () => new Response('no token', { status: 401 }));
  vi.stubGlobal('fetch', fetched);
  const { onShellEvent } = await freshModule();
  onShellEvent('service.status', () => undefined);
  await vi.advanceTimersByTimeAsync(10_000);
  expect(fetched).toHaveBeenCalledTimes(1);
  vi.useRealTimers();
});

it('reads the events with fetch and the token header, however the bytes are cut, skipping comments', async () => {
  sessionStorage.setItem('trackdesk.shellToken', 'tab-token');
  // The stream ends after these bytes; the reconnection is refused, so nothing runs on after the test.
  const fetched = vi.fn(async (_url: string, _init: RequestInit) =>
    fetched.mock.calls.length > 1
      ? new Response('', { status: 401 })
      : streamed([': connected\n\nevent: service.status\nda', 'ta: {"state":"ready"}\n', '\n: keepalive\n\nevent: transfers.progress\ndata: {"transferId":"t1"}\n\n']),
  );
  vi.stubGlobal('fetch', fetched);
  const { onShellEvent } = await freshModule();
  const statuses: unknown[] = [];
  const progress = new Promise((resolve) => onShellEvent('transfers.progress', resolve));
  onShellEvent('service.status', (payload) => statuses.push(payload));
  expect(await progress).toEqual({ transferId: 't1' });
  expect(statuses).toEqual([{ state: 'ready' }]);
  expect(fetched.mock.calls[0]?.[0]).toBe('/events');
  expect(fetched.mock.calls[0]?.[1].headers).toMatchObject({ 'x-trackdesk-token': 'tab-token' });
});
