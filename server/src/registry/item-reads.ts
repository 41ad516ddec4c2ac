import type { z } from 'zod';
import { SdkError } from '../../../shared/api/index.ts';
import type { registryHistoryEvent, registryItemRecord } from '../../../shared/api/registry-items.ts';
import { notFound } from '../http/api-error.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import type { RegistryServices } from './services.ts';
import type { RegistryHistoryEntry } from './history-store.ts';
import type { RegistryVersion } from './version-rows.ts';
import { findVersion, newestFirst, registryLookups } from './support.ts';

/** A version as the SDK's reads send it. */
export type ItemRecord = z.infer<typeof registryItemRecord>;
type HistoryEvent = z.infer<typeof registryHistoryEvent>;

/** The `item/details` record of a version; `tags` are its stages. */
export const itemRecord = (workspaceName: string, version: RegistryVersion): ItemRecord => ({
  registryModelItemId: version.uuid,
  registryModelId: version.registryModelUuid,
  registryModelName: version.registryModelName,
  workspaceName,
  version: version.version,
  comment: version.comment,
  tags: version.stages,
  stages: version.stages,
  status: version.status,
  metadata: version.metadata,
  experimentKey: version.sourceExperimentKey,
  experimentModelId: version.sourceModelUuid,
  experimentModelName: version.sourceModelName,
  userName: version.userName,
  createdAt: version.createdAt,
  lastUpdated: version.lastUpdated,
});

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Handlers of the SDK's registry reads: compact details, versions (filtered), one version, a version's history. */
export function createRegistryItemReadHandlers(services: RegistryServices): HandlerTable {
  const { registry, registryHistory } = services;
  const lookups = registryLookups(services);

  /** The version of a model named by workspace, model name and version: 404 (42006) when the model has no such version. */
  const versionNamed = async (caller: Caller, workspaceName: string, modelName: string, versionText: string) => {
    const { workspace, model } = await lookups.model(caller, workspaceName, modelName);
    const version = findVersion(await registry.versions(model.id), versionText);
    if (!version) throw notFound(`Registry model "${model.name}" has no version "${versionText}".`, SdkError.noModelToUpdate);
    return { workspace, version };
  };

  /** A history entry in the SDK's event shape, under `currentName` (the model's name now) when the model still exists. */
  const toEvent = (entry: RegistryHistoryEntry, workspaceName: string, currentName: string | undefined): HistoryEvent => {
    const registryModelName = currentName ?? entry.registryModelName;
    return {
      id: String(entry.id),
      actionType: entry.action,
      comment: entry.comment,
      previousValue: entry.previousValue,
      newValue: entry.newValue,
      registryModelId: entry.registryModelUuid,
      registryModelItemId: entry.itemUuid,
      registryModelItemVersion: entry.version,
      registryModelName,
      registryModelItemActualPathParams: { workspaceName, registryModelName, version: entry.version },
      userName: entry.userName,
      userAvatarLink: null,
      createdAt: entry.createdAt,
    };
  };

  return {
    registryModelCompactDetails: async ({ query, caller }) => {
      const { workspace, model } = await lookups.model(caller, query.workspaceName, query.modelName);
      return { registryModelId: model.uuid, modelName: model.name, workspaceName: workspace.name, numberOfVersions: model.numberOfVersions };
    },
    listRegistryModelItems: async ({ query, caller }) => {
      const { workspace, model } = await lookups.model(caller, query.workspaceName, query.modelName);
      const tag = query.tag?.trim();
      const status = query.status?.trim().toLowerCase();
      const prefix = query.versionPrefix?.trim();
      const matching = (await registry
        .versions(model.id))
        .filter((version) => !tag || version.stages.includes(tag))
        .filter((version) => !status || version.status.toLowerCase() === status)
        .filter((version) => !prefix || version.version.startsWith(prefix));
      return { items: newestFirst(matching).map((version) => itemRecord(workspace.name, version)) };
    },
    registryModelItemDetails: async ({ query, caller }) => {
      const { workspace, version } = await versionNamed(caller, query.workspaceName, query.modelName, query.version);
      return itemRecord(workspace.name, version);
    },
    registryModelItemHistory: async ({ body, caller }) => {
      const entries = await registryHistory.ofItem(body.registryModelItemId);
      const [newest] = entries;
      if (!newest) throw notFound(`No registry model version with registryModelItemId "${body.registryModelItemId}".`, SdkError.noModelToUpdate);
      const workspace = await lookups.workspaceOf(caller, newest.workspaceId);
      const currentName = (await registry.modelByUuid(newest.registryModelUuid))?.name;
      const days: Record<string, HistoryEvent[]> = {};
      for (const entry of entries) (days[DAY_LABEL.format(entry.createdAt)] ??= []).push(toEvent(entry, workspace.name, currentName));
      return days;
    },
  };
}
