import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import type { Caller } from '../http/handler.ts';
import type { Services } from '../services.ts';
import type { ExperimentModel } from '../storage/assets-models.ts';
import type { RegistryModel } from '../storage/registry.ts';
import type { RegistryVersion } from '../storage/registry-version-rows.ts';
import type { StageChange } from '../storage/registry-versions.ts';
import type { Workspace } from '../storage/workspaces.ts';
import { normalizeStages, parseVersion, sameVersionIn } from './registry-support.ts';

/** A version with its model and workspace, as the lookups find it. */
export interface FoundVersion {
  workspace: Workspace;
  model: RegistryModel;
  version: RegistryVersion;
}

/** What a new version is made of, as E17/E18 and `item/create` receive it. */
export interface VersionFields {
  version?: string | null;
  comment?: string | null;
  stages?: readonly string[] | null;
  status?: string | null;
}

/**
 * The changes every registry endpoint makes, in one place: each goes through the version store (which
 * writes the history entry, none for a no-op) and queues webhook notifications for stage changes. Call
 * them inside the request's transaction.
 */
export function registryChanges(services: Services) {
  const { registry, registryStatuses, webhooks } = services;

  const notify = (caller: Caller, found: FoundVersion, previousStages: string[], stages: string[]) =>
    webhooks.outbox.stageChanged({
      workspaceId: found.workspace.id,
      workspaceName: found.workspace.name,
      registryModelName: found.model.name,
      registryModelId: found.model.uuid,
      registryModelItemId: found.version.uuid,
      version: found.version.version,
      previousStages,
      stages,
      userName: caller.userName,
    });

  /** The allowed value `given` names (case-insensitively), in the list's spelling; 400 when the workspace has no such value. */
  const allowedStatus = (workspace: Workspace, given: string): string => {
    const allowed = registryStatuses.allowed(workspace.id);
    const match = allowed.find((value) => value.toLowerCase() === given.trim().toLowerCase());
    if (match === undefined) throw badRequest(`The status "${given}" is not allowed in workspace "${workspace.name}"; allowed: ${allowed.join(', ')}.`);
    return match;
  };

  return {
    allowedStatus,
    /** Adds a version made from an experiment model (E17, E18, `item/create`); 400 for a bad or taken version, a status not allowed. */
    addVersion(caller: Caller, target: { workspace: Workspace; model: RegistryModel }, source: ExperimentModel, fields: VersionFields) {
      const version = parseVersion(fields.version ?? undefined);
      const existing = sameVersionIn(registry.versions(target.model.id), version);
      if (existing) {
        const buildNote = existing.version === version ? '' : ` (${version} differs from it only in build metadata, which does not count)`;
        throw new ApiError(400, SdkError.duplicateVersion, `Registry model "${target.model.name}" already has version ${existing.version}${buildNote}.`);
      }
      const status = fields.status?.trim() ? allowedStatus(target.workspace, fields.status) : (registryStatuses.allowed(target.workspace.id)[0] ?? 'None');
      const stages = normalizeStages(fields.stages ?? []);
      const created = registry.create(
        {
          registryModelId: target.model.id,
          experimentModelRowId: source.id,
          sourceModelUuid: source.uuid,
          sourceExperimentKey: source.experimentKey,
          sourceModelName: source.name,
          version,
          comment: fields.comment ?? '',
          stages,
          status,
        },
        caller,
        services.now(),
      );
      notify(caller, { ...target, version: created }, [], stages);
      return { registryModelId: target.model.uuid, registryModelItemId: created.uuid };
    },
    /** Replaces, adds or removes stages (E19, E25, E26): history entry and notifications only when they change. */
    setStages(caller: Caller, found: FoundVersion, stages: string[], how: StageChange, comment?: string) {
      if (registry.setStages(found.version.id, stages, how, caller, services.now(), comment)) notify(caller, found, found.version.stages, stages);
    },
    setComment: (caller: Caller, found: FoundVersion, comment: string) => registry.setComment(found.version.id, comment, caller, services.now()),
    setStatus: (caller: Caller, found: FoundVersion, status: string) =>
      registry.setStatus(found.version.id, allowedStatus(found.workspace, status), caller, services.now()),
    setMetadata: (caller: Caller, found: FoundVersion, metadata: Record<string, unknown>) =>
      registry.setMetadata(found.version.id, metadata, caller, services.now()),
    deleteVersion: (caller: Caller, found: FoundVersion) => registry.delete(found.version.id, caller, services.now()),
  };
}
