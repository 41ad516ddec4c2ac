import { badRequest, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import { experimentIdFor, throttledWrite } from '../logged-data/index.ts';
import { experimentLink, ok } from '../http/replies.ts';
import type { ClientlibServices } from './services.ts';

/**
 * Handlers of tags, symlink, notifications and remote calls (clients.md B.8, B.9). A notification is recorded in the
 * feed of the user who sent it (the app's bell and desktop notifications); the service sends no e-mail.
 */
export function createClientlibExtraHandlers(services: ClientlibServices): HandlerTable {
  const { access, projects, experiments, rpc, loggedData } = services;
  return {
    clientlibAddTags: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      await throttledWrite(services, id, 'other', 1, () => loggedData.tags.add(id, body.addedTags ?? []));
      return ok('Saved');
    },
    clientlibSymlink: ({ query, caller, request }) =>
      services.sql.transaction(async () => {
        const experiment = await access.experiment(caller, query.experimentKey);
        const project = await projects.byName(experiment.workspaceId, query.projectName);
        if (!project) throw notFound(`No project named "${query.projectName}" in workspace "${experiment.workspaceName}".`);
        if (project.id !== experiment.projectId) await experiments.link(project.id, experiment.id, services.now());
        return { link: experimentLink(request, project.workspaceName, project.name, experiment.key) };
      }),
    clientlibNotification: async ({ body, caller }) => {
      // The SDK sends one at every end() (status "finished") and on send_notification: recorded in the sender's feed.
      if (!body.experiment_key) throw badRequest('"experiment_key" is required: the notification belongs to a run.');
      const experiment = await access.experiment(caller, body.experiment_key);
      await services.sdkNotified(experiment, caller.userId, { title: body.title ?? '', status: body.status ?? '', additionalData: body.additional_data });
      return ok('Recorded');
    },
    clientlibNotifyEvent: () => ok('Ignored'),
    clientlibRegisterRpc: async ({ body, caller }) => {
      await access.experiment(caller, body.experimentKey);
      return ok('Registered');
    },
    clientlibPendingRpcs: ({ query, caller }) =>
      services.sql.transaction(async () => {
        const experiment = await access.experiment(caller, query.experimentKey);
        const calls = await rpc.list(experiment.id, true);
        // Only the run's own process (a key that may write there) clears pending_rpcs; anyone else only reads (issue 41).
        if (await access.mayWrite(caller, experiment.workspaceId)) await rpc.markFetched(calls.map((call) => call.id), services.now());
        return {
          remoteProcedureCalls: calls.map((call) => ({
            callId: call.uuid,
            userName: call.userName ?? '',
            functionName: call.functionName,
            cometDefined: call.cometDefined,
            arguments: Object.entries(call.arguments).map(([name, value]) => ({ name, value })),
            createdAt: call.createdAt,
            experimentKey: experiment.key,
          })),
        };
      }),
    clientlibSaveRpcResult: ({ body, caller }) =>
      services.sql.transaction(async () => {
        const experiment = await access.experiment(caller, body.experimentKey);
        const call = await rpc.byUuid(experiment.id, body.callId);
        if (!call) throw notFound(`No remote call "${body.callId}" on experiment "${experiment.key}".`);
        const failed = (body.errorMessage ?? '') !== '';
        const outcome = failed
          ? { status: 'failed' as const, result: null, error: [body.errorMessage, body.errorStackTrace].filter(Boolean).join('\n') }
          : { status: 'succeeded' as const, result: body.result ?? '', error: null };
        if (!await rpc.complete(call.id, outcome, services.now())) throw badRequest(`Remote call "${call.uuid}" already has a result (${call.status}).`);
        return ok('Saved');
      }),
  };
}
