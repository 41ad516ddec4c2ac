import type { HandlerTable } from '../http/handler.ts';
import { startEndTimes } from '../experiments/index.ts';
import { ok } from '../http/replies.ts';
import type { ClientlibServices } from './services.ts';

/** How often the SDK may send parameter batches (ms). */
const PARAMETER_UPDATE_INTERVAL_MILLIS = 60_000;
/** 3-D limits: the SDK's own defaults (clients.md B.3). */
const MAX_POINTS = 1_000_000;
const MAX_BOXES = 250_000;
const MAX_3D_FILE_BYTES = 100 * 1024 * 1024;

/** Handlers of the heartbeat, offline metadata, ping and 3-D limits (clients.md B.3, B.4). */
export function createClientlibStatusHandlers(services: ClientlibServices): HandlerTable {
  const { access, experiments, rpc, config } = services;
  return {
    clientlibStatusUpdate: async ({ body, caller }) => {
      const experiment = await access.experiment(caller, body.experimentKey);
      if (body.is_alive) await experiments.beat(experiment.id, services.now());
      else await experiments.reportStatus(experiment.id, { isAlive: false }, services.now());
      return {
        is_alive_beat_duration_millis: config.keepAlive.isAliveBeatDurationMillis,
        gpu_monitor_interval_millis: config.keepAlive.gpuMonitorIntervalMillis,
        cpu_monitor_interval_millis: config.keepAlive.cpuMonitorIntervalMillis,
        parameter_update_interval_millis: PARAMETER_UPDATE_INTERVAL_MILLIS,
        pending_rpcs: await rpc.hasUnfetched(experiment.id),
      };
    },
    clientlibOfflineMetadata: ({ body, caller }) =>
      services.sql.transaction(async () => {
        const experiment = await access.experiment(caller, body.experimentKey);
        const [start, end] = startEndTimes(experiment, body.startTimestamp, body.endTimestamp);
        await experiments.setTimes(experiment.id, start, end);
        return ok('Saved');
      }),
    clientlibPing: () => ok('Pong'),
    clientlib3dLimits: () => ({
      maxPoints: MAX_POINTS,
      maxBoxes: MAX_BOXES,
      maxPointsFileSizeInBytes: MAX_3D_FILE_BYTES,
      maxBoxesFileSizeInBytes: MAX_3D_FILE_BYTES,
    }),
  };
}
