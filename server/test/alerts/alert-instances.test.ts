import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { startReceiver, type Receiver } from '../webhooks/webhooks-receiver.ts';

const WORKSPACE = 'admin';
const PROJECT = 'alerts-two';
const BEAT_MILLIS = 10_000;

let server: TestServer;
let receiver: Receiver;
let clock = Date.now();

/** A new run and a rule of mine on it. */
async function runWithRule(name: string, rule: Record<string, unknown>): Promise<string> {
  const made = await server.call('createExperiment', { body: { workspaceName: WORKSPACE, projectName: PROJECT, experimentName: name } });
  const key = made.body.experimentKey;
  const created = await server.call('createAlertRule', { body: { workspaceName: WORKSPACE, projectName: PROJECT, experimentKey: key, ...rule } as never });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return key;
}

/** The same value sent to both instances at once (calls take the instances in turn). */
const onBoth = (experimentKey: string, metricValue: number, step: number) =>
  Promise.all([0, 1].map(() => server.call('logMetric', { body: { experimentKey, metricName: 'loss', metricValue, step } })));

const firedOn = async (experimentKey: string) =>
  (await server.call('listAlertNotifications', { query: { limit: 500 } })).body.notifications.filter((item) => item.experimentKey === experimentKey);

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

describe('alert rules on two instances of one PostgreSQL database', () => {
  beforeAll(async () => {
    receiver = await startReceiver();
    const before = process.env.TRACKDESK_TEST_INSTANCES;
    process.env.TRACKDESK_TEST_INSTANCES = '2';
    try {
      server = await startTestServer({ backend: 'postgres', now: () => clock, webhooksAllowPrivate: true, alertSweepMillis: 100, keepAlive: { isAliveBeatDurationMillis: BEAT_MILLIS } });
    } finally {
      if (before === undefined) delete process.env.TRACKDESK_TEST_INSTANCES;
      else process.env.TRACKDESK_TEST_INSTANCES = before;
    }
    await server.call('createProject', { body: { workspaceName: WORKSPACE, projectName: PROJECT, projectDescription: '', isPublic: false } });
    const config = { workspaceName: WORKSPACE, webhookUrls: [{ url: receiver.url, triggers: ['EXPERIMENT_ALERT', 'EXPERIMENT_FINISHED'] as never[], bodyFormat: 'slack' as const }] };
    expect((await server.call('mergeWebhookConfig', { body: { webhookConfigs: [config] } })).status).toBe(204);
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it('a crossing seen by both instances at once fires once; after a reset it fires once again', async () => {
    const key = await runWithRule('both', { kind: 'threshold', metricName: 'loss', operator: '>', threshold: 2 });
    await onBoth(key, 5, 1);
    await onBoth(key, 6, 2);
    expect(await firedOn(key)).toHaveLength(1);
    await onBoth(key, 1, 3);
    await onBoth(key, 7, 4);
    expect((await firedOn(key)).map((item) => item.value).sort()).toEqual(['5', '7']);
  });

  it('both instances sweep a finished run and it fires once, in a Slack-compatible body naming the run with its link', async () => {
    const key = await runWithRule('ender', { kind: 'finished', name: 'done' });
    expect((await server.call('stopExperiment', { query: { experimentKey: key } })).status).toBeLessThan(300);
    await sleep(1_000);
    expect((await firedOn(key)).map((item) => item.kind)).toEqual(['finished']);
    const delivered = () => receiver.received.filter((request) => request.body.includes(key));
    for (let waited = 0; delivered().length === 0 && waited < 5_000; waited += 100) await sleep(100);
    await sleep(300);
    const requests = delivered();
    expect(requests.map((request) => request.headers['x-trackdesk-event'])).toEqual(['EXPERIMENT_FINISHED']);
    const body = JSON.parse(requests[0]?.body ?? '{}') as { text?: string };
    expect(body.text).toMatch(new RegExp(`finished\\. <http://.+/${WORKSPACE}/${PROJECT}/${key}\\|${WORKSPACE}/${PROJECT}/ender>$`));
  });

  it('a metric silent for N minutes fires once for a running run, and a new value re-arms it', async () => {
    const key = await runWithRule('quiet', { kind: 'stale', metricName: 'loss', minutes: 1 });
    await server.call('logMetric', { body: { experimentKey: key, metricName: 'loss', metricValue: 1, step: 1 } });
    clock += 61_000;
    await server.call('keepAlive', { query: { experimentKey: key } });
    await sleep(800);
    expect(await firedOn(key)).toHaveLength(1);
    await server.call('logMetric', { body: { experimentKey: key, metricName: 'loss', metricValue: 1, step: 2 } });
    await server.call('logMetric', { body: { experimentKey: key, metricName: 'loss', metricValue: 1, step: 3 } });
    clock += 61_000;
    await server.call('keepAlive', { query: { experimentKey: key } });
    await sleep(800);
    expect(await firedOn(key)).toHaveLength(2);
  });
});
