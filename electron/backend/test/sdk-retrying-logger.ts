import { Agent, request } from 'node:http';
import { gzipSync } from 'node:zlib';

/** The SDK's retry schedule (clients.md §0: urllib3, 3 retries, backoff factor 2): at once, then after 4 s, then 8 s. */
const SDK_RETRY_WAITS_MS = [0, 4_000, 8_000];
/** Statuses the SDK retries; a refused connection is retried too, a reset one is not (a POST is not idempotent). */
const RETRIED_STATUSES = new Set([500, 502, 503, 504]);

/** What one logger saw: steps the service took (200), retries that ended well, and failures the SDK would not recover from. */
export interface LoggerRecord {
  metricName: string;
  acknowledged: number[];
  retriedOk: number;
  failures: string[];
}

type Outcome = { status: number } | { error: string };

/** One POST over a keep-alive connection pool, as `requests` sends a gzip batch. */
function post(agent: Agent, url: URL, apiKey: string, body: unknown): Promise<Outcome> {
  const bytes = gzipSync(Buffer.from(JSON.stringify(body)));
  return new Promise((resolve) => {
    const sent = request(
      url,
      { method: 'POST', agent, headers: { authorization: apiKey, 'content-type': 'application/json;charset=utf-8', 'content-encoding': 'gzip', 'content-length': bytes.length } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    sent.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    sent.end(bytes);
  });
}

/**
 * Logs one metric, one value per batch call, until `stop()` — as the SDK's streamer does, with its retries: a refused
 * connection or a 5xx is tried again on the SDK's schedule; anything else that is not 200 (a reset connection included)
 * is a failure the script would lose that batch to.
 */
export function startRetryingLogger(baseUrl: string, apiKey: string, experimentKey: string, metricName: string, pauseMs = 5): { stop: () => Promise<LoggerRecord> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL('/clientlib/batch/logger/experiment/metric', baseUrl);
  const record: LoggerRecord = { metricName, acknowledged: [], retriedOk: 0, failures: [] };
  let running = true;
  const loop = (async () => {
    for (let step = 0; running; step += 1) {
      const body = { apiKey, experimentKey, values: [{ metricName, metricValue: step / 10, step, epoch: null, context: null, timestamp: Date.now() }] };
      let outcome = await post(agent, url, apiKey, body);
      let retries = 0;
      const retried = (current: Outcome) => ('error' in current ? current.error === 'ECONNREFUSED' : RETRIED_STATUSES.has(current.status));
      while (retried(outcome) && retries < SDK_RETRY_WAITS_MS.length) {
        await new Promise((resolve) => setTimeout(resolve, SDK_RETRY_WAITS_MS[retries]));
        retries += 1;
        outcome = await post(agent, url, apiKey, body);
      }
      if ('status' in outcome && outcome.status === 200) {
        record.acknowledged.push(step);
        if (retries > 0) record.retriedOk += 1;
      } else {
        record.failures.push(`step ${step}: ${'error' in outcome ? outcome.error : `HTTP ${outcome.status}`} after ${retries} retries`);
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      agent.destroy();
      return record;
    },
  };
}
