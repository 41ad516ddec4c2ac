import { request, type ClientRequest } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../src/process/app.ts';
import { addRunBody, metricItem, sdkCall, sdkExperimentKey } from '../support/clientlib-sdk.ts';

const MIB = 1024 * 1024;

/** A reply read whole. */
interface Answer {
  status: number;
  body: string;
}

/** POSTs `body` to the service at `url` (no key unless the headers carry one) and reads the reply. */
function post(url: string, path: string, headers: Record<string, string>, body: Buffer | string): Promise<Answer> {
  const outgoing = request(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, agent: false });
  const answered = replyOf(outgoing);
  outgoing.end(body);
  return answered;
}

/** The status and text of the reply to `outgoing`; fails when the request does. */
function replyOf(outgoing: ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    outgoing.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.on('error', reject);
  });
}

/** Sends the headers and `first`, then goes away (a reset) `waitMs` after connecting, without reading any reply. */
function abandon(url: string, path: string, headers: Record<string, string>, first: Buffer, waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const outgoing = request(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, agent: false });
    outgoing.on('error', () => undefined);
    outgoing.on('socket', (socket) =>
      socket.once('connect', () =>
        setTimeout(() => {
          outgoing.destroy();
          resolve();
        }, waitMs),
      ),
    );
    outgoing.flushHeaders();
    if (first.length > 0) outgoing.write(first);
  });
}

/** Sends the headers and `first`; the rest of the body goes when `finish` is called, which resolves with the reply. */
function openPost(url: string, path: string, headers: Record<string, string | number>, first: string): (rest: string) => Promise<Answer> {
  const outgoing = request(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, agent: false });
  const answered = replyOf(outgoing);
  outgoing.write(first);
  return (rest) => {
    outgoing.end(rest);
    return answered;
  };
}

const gzipMember = gzipSync(Buffer.alloc(MIB, 0x20), { level: 9 });
/** Gzip that inflates to `mebibytes` MiB of JSON whitespace: one member of 1 MiB repeated (about 1 KB of gzip per MiB). */
const gzipBomb = (mebibytes: number) => Buffer.concat(Array.from({ length: mebibytes }, () => gzipMember));

const SIGN_IN = '/api/rest/v2/ext/sign-in';
const CREATE_PROJECT = '/api/rest/v2/write/project/create';
const gzipped = { 'content-encoding': 'gzip' };

/** The status of `send`'s answer, and how long it took in milliseconds. */
async function timed(send: () => Promise<{ status: number }>): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const { status } = await send();
  return { status, ms: performance.now() - started };
}

/** How long a sign-in, a project creation, an SDK run start and a metric batch take, sent one after the other; each must answer 200. */
async function ordinaryWrites(server: TestServer, tag: string): Promise<number[]> {
  const signIn = JSON.stringify({ userName: 'olga', password: 'olga-password-1', keyName: tag });
  const project = JSON.stringify({ workspaceName: 'admin', projectName: `project-${tag}`, projectDescription: '', isPublic: false });
  const experimentKey = sdkExperimentKey();
  const batch = { apiKey: TEST_ADMIN_KEY, experimentKey, values: [metricItem('loss', 1, 1)] };
  const answers = [
    await timed(() => post(server.url, SIGN_IN, {}, signIn)),
    await timed(() => post(server.url, CREATE_PROJECT, { authorization: TEST_ADMIN_KEY }, project)),
    await timed(() => sdkCall(server.url, { path: 'logger/add/run', body: addRunBody(experimentKey, `run-${tag}`, 'admin'), experimentKey })),
    await timed(() => sdkCall(server.url, { path: 'batch/logger/experiment/metric', body: batch, gzip: true, experimentKey })),
  ];
  expect(answers.map(({ status }) => status), JSON.stringify(answers)).toStrictEqual([200, 200, 200, 200]);
  return answers.map(({ ms }) => ms);
}

/**
 * Expects the whole budget of bodies in flight free (four bodies of the largest size): four project creations of
 * exactly `bodyLimit` bytes, each sent up to its first bytes and held while the others are, are all read and answered 200.
 */
async function expectBudgetWhole(url: string, bodyLimit: number): Promise<void> {
  const bodies = Array.from({ length: 4 }, (_, index) =>
    JSON.stringify({ workspaceName: 'admin', projectName: `whole-${index}-${bodyLimit}`, projectDescription: '', isPublic: false }).padEnd(bodyLimit, ' '),
  );
  const finishes = bodies.map((body) => openPost(url, CREATE_PROJECT, { authorization: TEST_ADMIN_KEY, 'content-length': bodyLimit }, body.slice(0, 100)));
  // Time for each to be admitted (a body its budget cannot hold would be refused now, before being read).
  await new Promise((resolve) => setTimeout(resolve, 300));
  const answers = await Promise.all(finishes.map((finish, index) => finish(bodies[index]?.slice(100) ?? '')));
  for (const answer of answers) expect(answer.status, answer.body).toBe(200);
}

/**
 * Measures the ordinary writes on the service as it is (a sign-in's password hash alone may take a second on a busy
 * machine), runs `attack`, then expects each write answered 200 within a second more than it took before, and the
 * whole budget of `bodyLimit`-byte bodies free.
 */
async function expectWritesAnsweredAfter(server: TestServer, bodyLimit: number, attack: () => Promise<void>): Promise<void> {
  const before = await ordinaryWrites(server, 'before');
  await attack();
  const after = await ordinaryWrites(server, 'after');
  after.forEach((ms, index) => expect(ms, `write ${index}: ${Math.round(ms)} ms after, ${Math.round(before[index] ?? 0)} ms before`).toBeLessThan((before[index] ?? 0) + 1000));
  await expectBudgetWhole(server.url, bodyLimit);
}

function expectTooLarge(answer: Answer): void {
  expect(answer.status, answer.body).toBe(413);
  expect(JSON.parse(answer.body)).toMatchObject({ code: 413, sdk_error_code: SdkError.tooLarge });
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Starts a service with a user "olga" who may sign in with a password. */
async function serviceWithUser(bodyLimitBytes: number): Promise<TestServer> {
  const started = await startTestServer({ bodyLimitBytes });
  expect((await started.call('createUser', { body: { userName: 'olga', password: 'olga-password-1' } })).status).toBe(200);
  return started;
}

describe('compressed bodies over the limit (issue 41)', () => {
  it('three unauthenticated gzip bombs on sign-in get 413, and writes and sign-ins answer within a second after them', async () => {
    const limit = DEFAULT_BODY_LIMIT_BYTES;
    server = await serviceWithUser(limit);
    const { url } = server;
    const bomb = gzipBomb(100);
    expect(bomb.length).toBeLessThan(150 * 1024);
    await expectWritesAnsweredAfter(server, limit, async () => {
      for (let round = 0; round < 3; round += 1) expectTooLarge(await post(url, SIGN_IN, gzipped, bomb));
    });
  });

  it('stops inflating a bomb once it is answered: the service is idle after the 413', async () => {
    const limit = DEFAULT_BODY_LIMIT_BYTES;
    server = await serviceWithUser(limit);
    const { url } = server;
    // 4 GiB of whitespace in 4 MB of gzip: under the 16 MiB limit encoded, 256 times over it decoded.
    const bomb = gzipBomb(4096);
    await expectWritesAnsweredAfter(server, limit, async () => {
      expectTooLarge(await post(url, SIGN_IN, gzipped, bomb));
      const before = process.cpuUsage();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const { user, system } = process.cpuUsage(before);
      const cpuMs = (user + system) / 1000;
      expect(cpuMs).toBeLessThan(300);
    });
  });

  it('refuses deflate bombs the same way, and any other encoding (br) with 415 without holding anything', async () => {
    const limit = MIB;
    server = await serviceWithUser(limit);
    const { url } = server;
    const deflateBomb = deflateSync(Buffer.alloc(32 * MIB, 0x20), { level: 9 });
    const brotli = brotliCompressSync(Buffer.alloc(32 * MIB, 0x20));
    await expectWritesAnsweredAfter(server, limit, async () => {
      for (let round = 0; round < 3; round += 1) {
        expectTooLarge(await post(url, SIGN_IN, { 'content-encoding': 'deflate' }, deflateBomb));
        const refused = await post(url, SIGN_IN, { 'content-encoding': 'br' }, brotli);
        expect(refused.status).toBe(415);
        expect(JSON.parse(refused.body)).toMatchObject({ code: 415, sdk_error_code: SdkError.validation });
      }
    });
  });

  it('refuses bombs on the SDK routes (run start and metric batches, key in the body) and keeps taking their writes', async () => {
    const limit = MIB;
    server = await serviceWithUser(limit);
    const { url } = server;
    const bomb = gzipBomb(32);
    await expectWritesAnsweredAfter(server, limit, async () => {
      for (let round = 0; round < 3; round += 1) {
        expectTooLarge(await post(url, '/clientlib/logger/add/run', gzipped, bomb));
        expectTooLarge(await post(url, '/clientlib/batch/logger/experiment/metric', gzipped, bomb));
        expectTooLarge(await post(url, '/clientlib/batch/logger/experiment/parameter', { ...gzipped, 'transfer-encoding': 'chunked' }, bomb));
      }
    });
  });

  it('gives the budget back when the client goes away in the middle of a bomb, before or after the limit', async () => {
    const limit = MIB;
    server = await serviceWithUser(limit);
    const { url } = server;
    const bomb = gzipBomb(32);
    await expectWritesAnsweredAfter(server, limit, async () => {
      for (let round = 0; round < 3; round += 1) {
        // Half the limit decoded, then gone while the service waits for the rest.
        await abandon(url, SIGN_IN, gzipped, gzipSync(Buffer.alloc(MIB / 2, 0x20)), 100);
        // The whole bomb sent, then gone before the answer is read.
        await abandon(url, SIGN_IN, gzipped, bomb, 20);
        await abandon(url, '/clientlib/logger/add/run', gzipped, bomb, 20);
        // Gone right after the headers, maybe while the key is still being checked: nothing of the declared body held.
        await Promise.all(Array.from({ length: 8 }, () => abandon(url, CREATE_PROJECT, { authorization: TEST_ADMIN_KEY, 'content-length': String(limit) }, Buffer.alloc(0), 0)));
        // A body of unknown size, counted as it arrives, cut off.
        await abandon(url, CREATE_PROJECT, { authorization: TEST_ADMIN_KEY, 'transfer-encoding': 'chunked' }, Buffer.alloc(900 * 1024, 0x20), 50);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
  });
});
