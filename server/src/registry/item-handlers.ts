import { badRequest } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { RegistryServices } from './services.ts';
import { registryChanges } from './changes.ts';
import { createRegistryDownloadHandlers } from './download-handlers.ts';
import { createRegistryItemReadHandlers } from './item-reads.ts';
import { registryGuarded } from './governance/guarded.ts';
import { registryLookups } from './support.ts';
import { ok } from '../http/replies.ts';

/** A metadata document from the wire's entries; 400 when a key comes twice. */
function metadataDocument(entries: readonly { key: string; value?: unknown }[]): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const { key, value } of entries) {
    if (Object.hasOwn(document, key)) throw badRequest(`The metadata key "${key}" is given more than once.`);
    document[key] = value ?? null;
  }
  return document;
}

/** Handlers of the registry endpoints the Python SDK's `Model` uses (clients.md A.4) and the allowed-status extension. */
export function createRegistryItemHandlers(services: RegistryServices): HandlerTable {
  const { access, registry, registryStatuses } = services;
  const lookups = registryLookups(services);
  const changes = registryChanges(services);
  const guarded = registryGuarded(services);
  const transaction = <T>(work: () => T | Promise<T>): Promise<T> => services.sql.transaction(async () => work());

  return {
    ...createRegistryItemReadHandlers(services),
    ...createRegistryDownloadHandlers(services),
    createRegistryModelItem: ({ body, caller }) =>
      transaction(async () => {
        const { experiment, experimentModel } = await lookups.experimentModelNamed(caller, body.experimentKey, body.experimentModelName);
        const workspace = await lookups.workspaceOf(caller, experiment.workspaceId);
        const model =
          await registry.modelByName(workspace.id, body.registryModelName) ??
          await registry.createModel(
            {
              workspaceId: workspace.id,
              name: body.registryModelName,
              description: body.registryModelDescription ?? '',
              isPublic: body.publicModel ?? false,
              userId: caller.userId,
            },
            services.now(),
          );
        const fields = { version: body.version, comment: body.versionComment, stages: body.tags, status: body.status };
        return guarded.addVersion(caller, { workspace, model }, experimentModel, fields, 'A4.createRegistryModelItem');
      }),
    setRegistryModelItemStatus: ({ body, caller }) =>
      transaction(async () => {
        return guarded.setStatus(caller, await lookups.version(caller, body.modelItemId), body.status, 'A4.setRegistryModelItemStatus');
      }),
    updateRegistryModelItemMetadata: ({ params, body, caller }) =>
      transaction(async () => {
        await changes.setMetadata(caller, await lookups.version(caller, params.registryModelItemId), metadataDocument(body.metadata));
        return ok('200 Ok');
      }),
    registryModelItemMetadata: async ({ params, caller }) => {
      const { version } = await lookups.version(caller, params.registryModelItemId);
      return { metadata: Object.entries(version.metadata).map(([key, value]) => ({ key, value })) };
    },
    registryAllowedStatusValues: async ({ query, caller }) => {
      const workspace = await access.workspace(caller, query.workspaceName);
      return { allowedStatus: await registryStatuses.allowed(workspace.id) };
    },
    setRegistryAllowedStatusValues: ({ body, caller }) =>
      transaction(async () => {
        const workspace = await access.workspace(caller, body.workspaceName);
        const values = body.allowedStatus.map((value) => value.trim());
        const seen = new Set<string>();
        for (const value of values) {
          if (seen.has(value.toLowerCase())) throw badRequest(`The status "${value}" is listed more than once (case does not count).`);
          seen.add(value.toLowerCase());
        }
        const dropped = (await registry.statusesInUse(workspace.id)).filter((value) => !values.includes(value));
        if (dropped.length > 0) throw badRequest(`Versions of workspace "${workspace.name}" have the status ${dropped.map((v) => `"${v}"`).join(', ')}: keep it in the list.`);
        await registryStatuses.replace(workspace.id, values);
        return { allowedStatus: await registryStatuses.allowed(workspace.id) };
      }),
  };
}
