import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/accounts/keys.ts';
import { metricItem, sdkCall } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';
import { startReceiver, verifySignature, type Receiver } from '../webhooks/webhooks-receiver.ts';

const WORKSPACE = 'admin';
const PROJECT = 'alerts';
const BEAT_MILLIS = 10_000;
const SECRET = 'alert-secret';

let server: TestServer;
let receiver: Receiver;
/** The service's clock: tests move it instead of sleeping. */
let clock = Date.now();

/** A new run of the project (REST) and its key. */
async function newRun(name: string): Promise<string> {
  const made = await server.call('createExperiment', { body: { workspaceName: WORKSPACE, projectName: PROJECT, experimentName: name } });
  expect(made.status).toBe(200);
  return made.body.experimentKey;
}

/** A rule of mine (or shared) over the project. */
async function rule(fields: Record<string, unknown>, key: string = TEST_ADMIN_KEY) {
  const made = await server.call('createAlertRule', { key, body: { workspaceName: WORKSPACE, projectName: PROJECT, kind: 'threshold', ...fields } as never });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.ruleId;
}

/** One value through the single-write path (E29). */
const logOne = async (experimentKey: string, metricValue: number | string, step: number) =>
  expect((await server.call('logMetric', { body: { experimentKey, metricName: 'loss', metricValue, step } })).status).toBe(200);

/** Values through the SDK's batch path. */
async function logBatch(experimentKey: string, values: (number | string)[], name = 'loss', firstStep = 0) {
  const body = { apiKey: TEST_ADMIN_KEY, experimentKey, values: values.map((value, index) => metricItem(name, value, firstStep + index)) };
  const reply = await sdkCall(server.url, { path: 'batch/logger/experiment/metric', body, gzip: true, experimentKey });
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
}

/** The feed entries of one run (newest first). */
async function firedOn(experimentKey: string, key: string = TEST_ADMIN_KEY) {
  const feed = await server.call('listAlertNotifications', { key, query: { limit: 500 } });
  expect(feed.status).toBe(200);
  return feed.body.notifications.filter((item) => item.experimentKey === experimentKey);
}

/** Waits (real time, the sweep runs every 100 ms) until `check` holds, for at most `millis`. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, millis: number): Promise<T> {
  const until = Date.now() + millis;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testBackends())('alert rules on %s', (backend) => {
  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({ backend, now: () => clock, webhooksAllowPrivate: true, alertSweepMillis: 100, keepAlive: { isAliveBeatDurationMillis: BEAT_MILLIS } });
    await server.call('createProject', { body: { workspaceName: WORKSPACE, projectName: PROJECT, projectDescription: '', isPublic: false } });
    const config = { workspaceName: WORKSPACE, webhookUrls: [{ url: receiver.url, secret: SECRET, triggers: ['EXPERIMENT_ALERT', 'EXPERIMENT_CRASHED'] as never[] }] };
    expect((await server.call('mergeWebhookConfig', { body: { webhookConfigs: [config] } })).status).toBe(204);
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it('a threshold rule fires once on the single-write path, resets when the value falls back, and fires again', async () => {
    const key = await newRun('single-path');
    await rule({ name: 'loss high', metricName: 'loss', operator: '>', threshold: 2, experimentKey: key });
    await logOne(key, 1, 1);
    expect(await firedOn(key)).toHaveLength(0);
    await logOne(key, 3, 2);
    await logOne(key, 4, 3);
    const once = await firedOn(key);
    expect(once.map((item) => [item.kind, item.value, item.read])).toEqual([['threshold', '3', false]]);
    await logOne(key, 1.5, 4);
    await logOne(key, 2.5, 5);
    expect((await firedOn(key)).map((item) => item.value)).toEqual(['2.5', '3']);
  });

  it('threshold and NaN rules fire on the batch path, in arrival order within one batch', async () => {
    const key = await newRun('batch-path');
    await rule({ name: 'acc reached', metricName: 'acc', operator: '>=', threshold: 0.95, experimentKey: key });
    await rule({ kind: 'nonFinite', name: 'diverged', metricName: 'loss', experimentKey: key });
    await logBatch(key, [0.5, 0.95, 0.97], 'acc');
    await logBatch(key, [0.4, 'NaN', 'NaN', 0.3, 'Infinity'], 'loss');
    const fired = await firedOn(key);
    expect(fired.map((item) => [item.kind, item.value]).reverse()).toEqual([
      ['threshold', '0.95'],
      ['nonFinite', 'NaN'],
      ['nonFinite', 'Infinity'],
    ]);
  });

  it('NaN fires on the single-write path too', async () => {
    const key = await newRun('single-nan');
    await rule({ kind: 'nonFinite', metricName: 'loss', experimentKey: key });
    await logOne(key, 'NaN', 1);
    await logOne(key, 'nan', 2);
    expect((await firedOn(key)).map((item) => item.value)).toEqual(['NaN']);
  });

  it('a plateau rule fires when the best value is N steps old, and resets on an improvement', async () => {
    const key = await newRun('plateau');
    await rule({ kind: 'noImprovement', metricName: 'loss', steps: 3, direction: 'min', experimentKey: key });
    await logBatch(key, [1, 0.5, 0.6, 0.7], 'loss', 0);
    expect(await firedOn(key)).toHaveLength(0);
    await logBatch(key, [0.8], 'loss', 4);
    expect((await firedOn(key)).map((item) => item.value)).toEqual(['0.5']);
    await logBatch(key, [0.9, 0.4], 'loss', 5);
    await logBatch(key, [0.45, 0.46], 'loss', 7);
    expect(await firedOn(key)).toHaveLength(1);
    await logBatch(key, [0.47], 'loss', 9);
    expect((await firedOn(key)).map((item) => item.value)).toEqual(['0.4', '0.5']);
  });

  it('a crashed run fires within the liveness timeout + 5 s, and the receiver gets the signed event', async () => {
    const key = await newRun('crasher');
    await rule({ kind: 'crashed', name: 'crashes', experimentKey: key });
    expect((await server.call('keepAlive', { query: { experimentKey: key } })).status).toBe(200);
    clock += BEAT_MILLIS + 1;
    const fired = await eventually(() => firedOn(key), (items) => items.length > 0, 5_000);
    expect(fired.map((item) => [item.kind, item.link.endsWith(`/${WORKSPACE}/${PROJECT}/${key}`)])).toEqual([['crashed', true]]);
    const requests = await eventually(
      async () => receiver.received.filter((request) => request.body.includes(key) && request.headers['x-trackdesk-event'] === 'EXPERIMENT_CRASHED'),
      (found) => found.length > 0,
      5_000,
    );
    expect(requests).toHaveLength(1);
    const request = requests[0];
    if (!request) throw new Error('no request');
    expect(verifySignature(request, SECRET)).toBe(true);
    const payload = JSON.parse(request.body) as { workspaceName: string; projectName: string; experiment: { experimentKey: string; link: string }; rule: { name: string } };
    expect([payload.workspaceName, payload.projectName, payload.experiment.experimentKey, payload.rule.name]).toEqual([WORKSPACE, PROJECT, key, 'crashes']);
    clock += 60_000;
    await server.call('keepAlive', { query: { experimentKey: key } }).catch(() => undefined);
    expect(await firedOn(key)).toHaveLength(1);
  });

  it('a shared rule needs a writer; its firing reaches every member, who mark it read for themselves only', async () => {
    const viewer = (await issueApiKey({ ...server.storage, userName: `alerts-viewer-${backend}` })).apiKey;
    expect((await server.call('addWorkspaceMember', { body: { workspaceName: WORKSPACE, userName: `alerts-viewer-${backend}`, role: 'viewer' } })).status).toBe(200);
    const refused = await server.call('createAlertRule', { key: viewer, body: { workspaceName: WORKSPACE, projectName: PROJECT, shared: true, kind: 'nonFinite', metricName: 'loss' } as never });
    expect([refused.status, typeof refused.body.msg, refused.body.sdk_error_code !== undefined]).toEqual([403, 'string', true]);
    const missing = await server.call('createAlertRule', { body: { workspaceName: WORKSPACE, projectName: PROJECT, kind: 'threshold', metricName: 'loss' } as never });
    expect([missing.status, missing.body.msg]).toEqual([400, 'A threshold rule needs "operator".']);
    const key = await newRun('shared');
    await rule({ kind: 'threshold', shared: true, metricName: 'gpu', operator: '<', threshold: 1, experimentKey: key });
    await logBatch(key, [0.5], 'gpu');
    const [seen] = await firedOn(key, viewer);
    expect(seen?.read).toBe(false);
    expect((await server.call('markAlertNotificationsRead', { key: viewer, body: { notificationIds: [seen?.notificationId ?? ''] } })).status).toBe(200);
    expect((await firedOn(key, viewer))[0]?.read).toBe(true);
    expect((await firedOn(key))[0]?.read).toBe(false);
    const rules = await server.call('listAlertRules', { key: viewer, query: { workspaceName: WORKSPACE, projectName: PROJECT, experimentKey: key } });
    expect(rules.body.rules.filter((item) => item.shared).map((item) => item.lastFired?.experimentKey)).toEqual([key]);
  });

  it('a webhook entry keeps its Slack body format when an editor that does not send the format saves it again', async () => {
    const url = `${receiver.url}/slack-${backend}`;
    const save = (entry: Record<string, unknown>) => server.call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, webhookUrls: [{ url, ...entry }] }] } });
    expect((await save({ bodyFormat: 'slack', triggers: ['EXPERIMENT_ALERT'] })).status).toBe(204);
    expect((await save({ name: 'renamed', triggers: ['EXPERIMENT_ALERT'] })).status).toBe(204);
    const read = await server.call('getWebhookConfig', { query: { workspaceName: WORKSPACE } });
    const entry = read.body.webhookConfigs.flatMap((item) => item.webhookUrls).find((item) => item.url === url);
    expect([entry?.name, entry?.bodyFormat]).toEqual(['renamed', 'slack']);
  });

  it("records the SDK's send_notification in the sender's feed", async () => {
    const key = await newRun('sdk-note');
    const body = { api_key: TEST_ADMIN_KEY, title: 'Done', status: 'finished', experiment_key: key, experiment_name: null, experiment_link: '', additional_data: { loss: 0.1 } };
    expect((await sdkCall(server.url, { path: 'notification/experiment', body, key: null })).status).toBe(200);
    expect((await firedOn(key)).map((item) => [item.kind, item.title])).toEqual([['sdkNotification', 'Done']]);
  });
});
