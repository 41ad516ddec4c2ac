import { request, type IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { newExperiment } from '../registry/registry-fixtures.ts';

/** A reply read whole. */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request whose headers and first bytes are sent and whose end is not, yet. */
interface OpenRequest {
  /** Sends the rest of the body and resolves with the reply. */
  finish(rest?: string | Buffer): Promise<Answer>;
  /** Goes away without finishing the body. */
  abort(): void;
  /** True once the reply came (before the body was finished: the service refused it). */
  answered(): boolean;
}

function open(url: string, path: string, headers: Record<string, string | number>, first: string | Buffer): OpenRequest {
  let done = false;
  const outgoing = request(`${url}${path}`, { method: 'POST', headers: { authorization: TEST_ADMIN_KEY, ...headers }, agent: false });
  const answered = new Promise<Answer>((resolve, reject) => {
    outgoing.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        done = true;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
      });
    });
    outgoing.on('error', reject);
  });
  answered.catch(() => undefined);
  outgoing.write(first);
  return {
    finish: (rest) => {
      outgoing.end(rest);
      return answered;
    },
    abort: () => outgoing.destroy(),
    answered: () => done,
  };
}

/** Sends requests made by `send` until one is answered `status` (the service admits open requests asynchronously). */
async function until(status: number, send: () => Promise<Answer>): Promise<Answer> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const answer = await send();
    if (answer.status === status) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never answered ${status}`);
}

/**
 * Sends `probe` until it is answered `status` while every request of `held` is still open. A probe may pass admission
 * before a held request does (on PostgreSQL the key lookup before it waits for the database) and take its room: that
 * held request is refused at once, and `held` gets a new one from `reopen`.
 */
async function untilHolding(status: number, held: OpenRequest[], reopen: () => OpenRequest, probe: () => Promise<Answer>): Promise<Answer> {
  return until(status, async () => {
    const answer = await probe();
    held.forEach((request, index) => {
      if (!request.answered()) return;
      request.abort();
      held[index] = reopen();
    });
    return answer;
  });
}

function expectBusy(answer: Answer): void {
  expect(answer.status).toBe(429);
  expect(answer.headers['retry-after-custom']).toBe('1');
  expect(answer.headers['retry-after']).toBe('1');
  expect(JSON.parse(answer.body)).toMatchObject({ code: 429, sdk_error_code: SdkError.throttled });
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('uploads in flight', () => {
  const boundary = 'admission-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const upload = (url: string, experimentKey: string, name: string) =>
    open(url, `/api/rest/v2/write/experiment/upload-asset?experimentKey=${experimentKey}&fileName=${name}`, { 'content-type': `multipart/form-data; boundary=${boundary}` }, head);

  it('answers 429 with Retry-After-Custom beyond the cap, before reading the body, and frees a slot when an upload ends or goes away', async () => {
    server = await startTestServer({ uploadsInFlight: 2 });
    const experimentKey = await newExperiment(server, 'admission');
    const url = server.url;
    let probes = 0;
    const probe = () => upload(url, experimentKey, `probe-${(probes += 1)}.bin`).finish(`bytes${tail}`);
    const hold = () => upload(url, experimentKey, `held-${(probes += 1)}.bin`);
    const held = [hold(), hold()];
    expectBusy(await untilHolding(429, held, hold, probe));

    const [first, second] = held;
    expect((await first?.finish(`first${tail}`))?.status).toBe(200);
    expect((await second?.finish(`second${tail}`))?.status).toBe(200);
    expect((await upload(url, experimentKey, 'after.bin').finish(`after${tail}`)).status).toBe(200);

    const gone = [hold(), hold()];
    expectBusy(await untilHolding(429, gone, hold, probe));
    for (const request of gone) request.abort();
    expect((await until(200, () => upload(url, experimentKey, `back-${(probes += 1)}.bin`).finish(`back${tail}`))).status).toBe(200);
  });
});

describe('request bodies in flight', () => {
  const BODY_LIMIT = 1000;
  /** An E29 metric write of exactly `length` bytes (JSON padded with spaces). */
  const metricBody = (experimentKey: string, length: number) => JSON.stringify({ experimentKey, metricName: 'loss', metricValue: 1, step: 1 }).padEnd(length, ' ');
  const write = (url: string, headers: Record<string, string | number>, first: string) =>
    open(url, '/api/rest/v2/write/experiment/metric', { 'content-type': 'application/json', ...headers }, first);

  it('holds all JSON bodies in flight to four times the body limit: one more gets 429 until the others are answered', async () => {
    server = await startTestServer({ bodyLimitBytes: BODY_LIMIT });
    const experimentKey = await newExperiment(server, 'admission');
    const url = server.url;
    const full = metricBody(experimentKey, 900);
    const hold = () => write(url, { 'content-length': 900 }, full.slice(0, 10));
    const held = Array.from({ length: 4 }, hold);
    const probe = () => write(url, { 'content-length': 500 }, '').finish(metricBody(experimentKey, 500));
    // A refused probe means all four are held: three take 2,700 bytes, which leave room for it.
    expectBusy(await untilHolding(429, held, hold, probe));
    // A body over the limit is the client's mistake: 413 as ever, not 429.
    expect((await write(url, { 'content-length': BODY_LIMIT + 1 }, '').finish(metricBody(experimentKey, BODY_LIMIT + 1))).status).toBe(413);
    // A chunked body (size unknown in advance) is counted as it arrives and refused once it would pass the budget.
    expectBusy(await write(url, { 'transfer-encoding': 'chunked' }, '').finish(metricBody(experimentKey, 500)));

    for (const request of held) expect((await request.finish(full.slice(10))).status).toBe(200);
    expect((await probe()).status).toBe(200);
  });
});
