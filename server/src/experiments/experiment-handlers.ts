import { badRequest, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { ExperimentServices } from './services.ts';
import type { Experiment } from './experiment-store.ts';
import { toExperimentMetadata } from './records.ts';
import { runName } from './run-names.ts';
import { mapInOrder } from '../database/in-order.ts';
import { experimentLink, ok } from '../http/replies.ts';

const SECOND = 1000;
/**
 * E10's rules: both given → both set (end before start is refused); only end → start becomes end − 1 s
 * unless a start is set (and not after the new end); only start → end becomes start + 1 s likewise.
 */
export function startEndTimes(experiment: Experiment, start: number | null | undefined, end: number | null | undefined): [number, number] {
  if (start != null && end != null) {
    if (end < start) throw badRequest('The body field "endTimeMillis" is invalid: it is before startTimeMillis.');
    return [start, end];
  }
  if (end != null) {
    const kept = experiment.startTimeMillis;
    return [kept !== null && kept <= end ? kept : end - SECOND, end];
  }
  if (start != null) {
    const kept = experiment.endTimeMillis;
    return [start, kept !== null && kept >= start ? kept : start + SECOND];
  }
  throw badRequest('The body needs startTimeMillis, endTimeMillis or both.');
}

/** Handlers of E2, E5, E6, E9, E10 and the experiment reads (the paged list is search's; the project's tags, logged data's). */
export function createExperimentHandlers(services: ExperimentServices): HandlerTable {
  const { access, projects, experiments, config } = services;
  const transaction = <T>(work: () => T | Promise<T>): Promise<T> => services.sql.transaction(async () => work());
  const metadata = (experiment: Experiment) => toExperimentMetadata(experiment, services.now(), config.keepAlive.isAliveBeatDurationMillis);
  return {
    createExperiment: ({ body, caller, request }) =>
      transaction(async () => {
        const workspace = await access.workspace(caller, body.workspaceName);
        const now = services.now();
        const project =
          await projects.byName(workspace.id, body.projectName) ??
          await projects.create({ workspaceId: workspace.id, name: body.projectName, description: '', isPublic: false, ownerUserId: caller.userId }, now);
        const experiment = await experiments.create({ workspaceId: workspace.id, projectId: project.id, name: body.experimentName ?? runName((await experiments.countHomed(project.id)) + 1), userId: caller.userId }, now);
        await projects.touch(project.id, now);
        return {
          experimentKey: experiment.key,
          workspaceName: workspace.name,
          projectName: project.name,
          link: experimentLink(request, workspace.name, project.name, experiment.key),
        };
      }),
    moveExperiments: ({ body, caller }) =>
      transaction(async () => {
        const project = await access.project(caller, { workspaceName: body.targetWorkspaceName, projectName: body.targetProjectName });
        const moving = await mapInOrder(body.experimentKeys, (key) => access.experiment(caller, key));
        const now = services.now();
        for (const experiment of moving) {
          if (experiment.projectId === project.id) continue;
          if (body.symlink) await experiments.link(project.id, experiment.id, now);
          else await experiments.move(experiment.id, project.workspaceId, project.id);
          await projects.touch(experiment.projectId, now);
        }
        await projects.touch(project.id, now);
        return ok(body.symlink ? 'Symlinked' : 'Moved');
      }),
    symlinkExperiment: ({ query, caller, request }) =>
      transaction(async () => {
        const experiment = await access.experiment(caller, query.exerimentKey ?? query.experimentKey ?? '');
        const project = await projects.byName(experiment.workspaceId, query.projectName);
        if (!project) throw notFound(`No project named "${query.projectName}" in workspace "${experiment.workspaceName}".`);
        if (project.id !== experiment.projectId) await experiments.link(project.id, experiment.id, services.now());
        return { link: experimentLink(request, project.workspaceName, project.name, experiment.key) };
      }),
    keepAlive: async ({ query, caller }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      await experiments.beat(experiment.id, services.now());
      return { ...config.keepAlive };
    },
    setStartEndTime: ({ body, caller }) =>
      transaction(async () => {
        const experiment = await access.experiment(caller, body.experimentKey);
        const [start, end] = startEndTimes(experiment, body.startTimeMillis, body.endTimeMillis);
        await experiments.setTimes(experiment.id, start, end);
        return ok('Saved');
      }),
    getExperimentMetadata: async ({ query, caller }) => metadata(await experiments.withStateNow(await access.experiment(caller, query.experimentKey))),
  };
}
