import type { HandlerTable } from '../http/handler.ts';
import type { ExperimentServices } from './services.ts';
import { isRunning, toExperimentMetadata } from './records.ts';
import { ok } from '../http/replies.ts';
import { ensureUncategorized } from './uncategorized.ts';

/** The remote call the Python SDK answers by stopping the script (clients.md B.9). */
const STOP_CALL = 'stop';

/**
 * Handlers of E3, E4, E7, E8 and the trash extensions. Every one is safe to repeat: stopping a stopped
 * experiment, archiving an archived one or trashing a trashed one changes nothing further.
 */
export function createExperimentLifecycleHandlers(services: ExperimentServices): HandlerTable {
  const { access, projects, experiments } = services;
  const transaction = <T>(work: () => T | Promise<T>): Promise<T> => services.sql.transaction(async () => work());
  return {
    stopExperiment: ({ query, caller }) =>
      transaction(async () => {
        const experiment = await experiments.withStateNow(await access.experiment(caller, query.experimentKey));
        const now = services.now();
        // A live SDK run learns of it through the heartbeat: the service's own "stop" call interrupts the script.
        if (isRunning(experiment, now, services.config.keepAlive.isAliveBeatDurationMillis)) {
          await services.rpc.create(experiment.id, STOP_CALL, {}, caller.userId, now, true);
        }
        await experiments.stop(experiment.id, now);
        return ok('Stop Requested');
      }),
    archiveExperiment: async ({ query, caller }) => {
      await experiments.setArchived((await access.experiment(caller, query.experimentKey)).id, true);
      return ok('Archived');
    },
    deleteExperiment: async ({ query, caller }) => {
      const experiment = await access.experiment(caller, query.experimentKey, 'any');
      if (experiment.deletedAt === null) await experiments.setDeleted(experiment.id, services.now());
      return ok('Deleted');
    },
    restoreExperiment: ({ query, caller }) =>
      transaction(async () => {
        const experiment = await access.experiment(caller, query.experimentKey, 'any');
        const home = await projects.byId(experiment.projectId);
        if (home?.deletedAt != null) {
          const target = await ensureUncategorized(services, experiment.workspaceId, caller.userId);
          await experiments.move(experiment.id, experiment.workspaceId, target.id);
        }
        await experiments.setDeleted(experiment.id, null);
        await experiments.setArchived(experiment.id, false);
        return ok('Restore');
      }),
    listTrashedExperiments: async ({ query, caller }) => {
      const workspace = await access.workspace(caller, query.workspaceName);
      const now = services.now();
      const beat = services.config.keepAlive.isAliveBeatDurationMillis;
      return { experiments: (await experiments.listTrash(workspace.id)).map((experiment) => toExperimentMetadata(experiment, now, beat)) };
    },
    purgeExperiment: async ({ body, caller }) => {
      const experiment = await access.experiment(caller, body.experimentKey, 'trashed');
      await experiments.purge(experiment.id);
      await services.experimentPurged(experiment.id);
      return ok('Purged');
    },
  };
}
