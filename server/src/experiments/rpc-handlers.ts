import { badRequest, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { ExperimentServices } from './services.ts';
import type { RpcCall } from './rpc-store.ts';
import { ok } from '../http/replies.ts';

const toRecord = (call: RpcCall, experimentKey: string) => ({
  callId: call.uuid,
  experimentKey,
  functionName: call.functionName,
  arguments: call.arguments,
  status: call.status,
  result: call.result,
  error: call.error,
  createdAt: call.createdAt,
  completedAt: call.completedAt,
});

/** Handlers of E54 (record a remote call) and the extensions the experiment's process uses to fetch calls and report results. */
export function createRpcHandlers(services: ExperimentServices): HandlerTable {
  const { access, rpc } = services;
  return {
    sendRpc: async ({ body, caller }) => {
      const experiment = await access.experiment(caller, body.experimentKey);
      const call = await rpc.create(experiment.id, body.functionName, body.arguments, caller.userId, services.now());
      return { ...ok('Saved'), callId: call.uuid };
    },
    listRpcCalls: async ({ query, caller }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      return { calls: (await rpc.list(experiment.id, query.status === 'pending')).map((call) => toRecord(call, experiment.key)) };
    },
    saveRpcResult: ({ body, caller }) =>
      services.sql.transaction(async () => {
        const experiment = await access.experiment(caller, body.experimentKey);
        const call = await rpc.byUuid(experiment.id, body.callId);
        if (!call) throw notFound(`No remote call "${body.callId}" on experiment "${experiment.key}".`);
        const outcome = body.success
          ? { status: 'succeeded' as const, result: body.result ?? null, error: null }
          : { status: 'failed' as const, result: null, error: body.error ?? 'failed without a message' };
        if (!await rpc.complete(call.id, outcome, services.now())) throw badRequest(`Remote call "${call.uuid}" already has a result (${call.status}).`);
        return ok('Saved');
      }),
  };
}
