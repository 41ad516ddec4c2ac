import type { HandlerTable } from '../http/handler.ts';
import type { LoggedDataServices } from './services.ts';
import { experimentIdFor } from './logging-support.ts';
import { mapInOrder } from '../database/in-order.ts';
import { ok } from '../http/replies.ts';

/** Timestamps above this are microseconds: the Python SDK sends epoch ms × 1000 (≈1.8e15); ms stay below it until the year 5138. */
const MICROSECONDS_ABOVE = 1e14;

/** An epoch timestamp in ms, from a client value that may be µs (clients.md A.2). */
export const epochMillis = (value: number): number => (value > MICROSECONDS_ABOVE ? Math.floor(value / 1000) : value);

/** Handlers of the experiment reads and writes of clients.md A.1/A.2 (but the asset and artifact ones) and `ext.dependencies`. */
export function createExperimentClientHandlers(services: LoggedDataServices): HandlerTable {
  const { experiments, loggedData } = services;
  const { values } = loggedData;
  return {
    getAllMetrics: async ({ query, caller }) => ({
      metrics: (await values.allSeries(await experimentIdFor(services, caller, query.experimentKey))).map((point) => ({
        metricName: point.name,
        metricValue: point.value,
        timestamp: point.timestamp,
        step: point.step,
        epoch: point.epoch,
        runContext: point.context,
      })),
    }),
    deleteParameter: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      await loggedData.batch.run([id], () => values.deleteItem(id, 'parameter', body.parameterName));
      return ok('Deleted');
    },
    deleteParameters: async ({ body, caller }) => {
      const targets = await mapInOrder(body, async (item) => ({ id: await experimentIdFor(services, caller, item.experimentKey), name: item.parameterName }));
      await loggedData.batch.run(targets.map((target) => target.id), async () => {
        for (const target of targets) await values.deleteItem(target.id, 'parameter', target.name);
      });
      return ok('Deleted');
    },
    deleteTags: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      const tags = await loggedData.batch.run([id], async () => {
        await loggedData.tags.remove(id, body.tags);
        return loggedData.tags.list(id);
      });
      return { ...ok('Deleted'), tags };
    },
    updateStatus: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      // An error report (isAlive:true with an error) records the error without restarting a run that has ended.
      const isAlive = body.isAlive && body.error != null ? undefined : body.isAlive;
      await experiments.reportStatus(id, { isAlive, hasCrashed: body.hasCrashed ?? undefined, error: body.error ?? undefined }, services.now());
      return ok('Saved');
    },
    logDependencies: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      const timestamp = body.timestamp == null ? services.now() : epochMillis(body.timestamp);
      const dependencies = body.logDependencies.map((item) => ({ name: item.name, version: item.version, timestamp }));
      await loggedData.batch.run([id], () => loggedData.dependencies.put(id, dependencies));
      return ok('Saved');
    },
    markNotThrottled: async ({ params, caller }) => {
      const id = await experimentIdFor(services, caller, params.experimentKey);
      await experiments.setThrottle(id, { throttle: false, throttleMessage: null, throttleReasons: [] });
      return ok('Saved');
    },
    getDependencies: async ({ query, caller }) => ({ dependencies: await loggedData.dependencies.list(await experimentIdFor(services, caller, query.experimentKey)) }),
  };
}
