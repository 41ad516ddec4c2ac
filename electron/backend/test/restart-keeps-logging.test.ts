import { describe, expect, it } from 'vitest';
import { startBackend, tempDir } from './helpers.ts';
import { startRetryingLogger } from './sdk-retrying-logger.ts';

const LOGGERS = 8;

/** Every value of `metricName` the service holds for the run, by step. */
async function keptSteps(baseUrl: string, apiKey: string, experimentKey: string, metricName: string): Promise<number[]> {
  const response = await fetch(`${baseUrl}/api/rest/v2/experiment/metrics/get-metric?experimentKey=${experimentKey}&metricName=${encodeURIComponent(metricName)}`, {
    headers: { authorization: apiKey },
  });
  const { metrics } = (await response.json()) as { metrics: { step: number }[] };
  return metrics.map((metric) => metric.step).sort((a, b) => a - b);
}

describe('an update restarting the local service while scripts log', () => {
  it('answers every request in flight or refuses it the way the SDK retries, and keeps every value it acknowledged', async () => {
    const userDataDir = await tempDir();
    const old = await startBackend({ userDataDir, embeddedLimits: { version: '0.0.1' } });
    const { baseUrl, apiKey } = await old.embedded!.whenReady();
    const experimentKey = 'f'.repeat(20) + Date.now().toString(16).padStart(12, '0');
    const created = await fetch(`${baseUrl}/clientlib/logger/add/run`, {
      method: 'POST',
      headers: { authorization: apiKey, 'content-type': 'application/json;charset=utf-8' },
      body: JSON.stringify({ apiKey, experimentKey, projectName: 'through-restart', teamName: 'admin', offline: false, libVersion: '3.54.0', local_timestamp: Date.now() }),
    });
    expect(created.status).toBe(200);
    await old.release();

    const loggers = Array.from({ length: LOGGERS }, (_, index) => startRetryingLogger(baseUrl, apiKey, experimentKey, `loss-${index}`, 3));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const updated = await startBackend({ userDataDir, embeddedLimits: { version: '0.0.2' } });
    expect(await updated.embedded!.start()).toMatchObject({ state: 'ready', version: '0.0.2', baseUrl });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const records = await Promise.all(loggers.map((logger) => logger.stop()));

    const { apiKey: newKey } = await updated.embedded!.whenReady();
    for (const record of records) {
      expect(record.failures, record.metricName).toEqual([]);
      expect(await keptSteps(baseUrl, newKey, experimentKey, record.metricName), record.metricName).toEqual(record.acknowledged);
    }
    const sent = records.reduce((sum, record) => sum + record.acknowledged.length, 0);
    const retried = records.reduce((sum, record) => sum + record.retriedOk, 0);
    console.log(`through the restart: ${sent} values logged by ${LOGGERS} SDK-like loggers, all kept; ${retried} sent again after a refusal`);
    expect(retried).toBeGreaterThan(0);
  });
});
