import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import type { Caller } from '../http/handler.ts';
import type { RegistryServices } from './services.ts';
import { type ExperimentModel, parseVersion } from '../assets/index.ts';
import type { RegistryModel } from './registry-store.ts';
import type { RegistryVersion } from './version-rows.ts';
import type { StageChange } from './version-store.ts';
import type { Workspace } from '../accounts/index.ts';
import type { VersionEvent } from '../webhooks/index.ts';
import { normalizeStages, sameVersionIn } from './support.ts';

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
 * writes the history entry, none for a no-op) and queues the webhook events (version created, stages/tags
 * and status changed). Call them inside the request's transaction; they make the change unconditionally
 * (approval policies are applied before, by `registryGate`).
 */
export function registryChanges(services: RegistryServices) {
  const { registry, registryStatuses, webhooks } = services;

  /** The webhook event of a version as it is after a change (stages before the change in `previousStages`). */
  const eventOf = (caller: Caller, found: FoundVersion, version: RegistryVersion, previousStages: string[]): VersionEvent => ({
    workspaceId: found.workspace.id,
    workspaceName: found.workspace.name,
    registryModelName: found.model.name,
    registryModelId: found.model.uuid,
    registryModelItemId: version.uuid,
    version: version.version,
    previousStages,
    stages: version.stages,
    status: version.status,
    userName: caller.userName,
  });
  const current = async (id: string): Promise<RegistryVersion> => {
    const version = await registry.versionByUuid(id);
    if (!version) throw new Error(`registry version ${id} vanished`);
    return version;
  };

  /** The allowed value `given` names (case-insensitively), in the list's spelling; 400 when the workspace has no such value. */
  const allowedStatus = async (workspace: Workspace, given: string): Promise<string> => {
    const allowed = await registryStatuses.allowed(workspace.id);
    const match = allowed.find((value) => value.toLowerCase() === given.trim().toLowerCase());
    if (match === undefined) throw badRequest(`The status "${given}" is not allowed in workspace "${workspace.name}"; allowed: ${allowed.join(', ')}.`);
    return match;
  };

  return {
    allowedStatus,
    /** Adds a version made from an experiment model (E17, E18, `item/create`); 400 for a bad or taken version, a status not allowed. */
    async addVersion(caller: Caller, target: { workspace: Workspace; model: RegistryModel }, source: ExperimentModel, fields: VersionFields) {
      const version = parseVersion(fields.version ?? undefined);
      const existing = sameVersionIn(await registry.versions(target.model.id), version);
      if (existing) {
        const buildNote = existing.version === version ? '' : ` (${version} differs from it only in build metadata, which does not count)`;
        throw new ApiError(400, SdkError.duplicateVersion, `Registry model "${target.model.name}" already has version ${existing.version}${buildNote}.`);
      }
      const status = fields.status?.trim() ? await allowedStatus(target.workspace, fields.status) : ((await registryStatuses.allowed(target.workspace.id))[0] ?? 'None');
      const stages = normalizeStages(fields.stages ?? []);
      const created = await registry.create(
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
      const event = eventOf(caller, { ...target, version: created }, created, []);
      await webhooks.outbox.emit('MODEL_VERSION_CREATED', event);
      await webhooks.outbox.stageChanged(event);
      return { registryModelId: target.model.uuid, registryModelItemId: created.uuid };
    },
    /** Replaces, adds or removes stages (E19, E25, E26): history entry and notifications only when they change. */
    async setStages(caller: Caller, found: FoundVersion, stages: string[], how: StageChange, comment?: string): Promise<boolean> {
      if (!await registry.setStages(found.version.id, stages, how, caller, services.now(), comment)) return false;
      await webhooks.outbox.stageChanged(eventOf(caller, found, await current(found.version.uuid), found.version.stages));
      return true;
    },
    setComment: (caller: Caller, found: FoundVersion, comment: string) => registry.setComment(found.version.id, comment, caller, services.now()),
    /** Sets an allowed status (400 otherwise); MODEL_VERSION_STATUS_CHANGED when it changed. */
    async setStatus(caller: Caller, found: FoundVersion, status: string): Promise<boolean> {
      if (!await registry.setStatus(found.version.id, await allowedStatus(found.workspace, status), caller, services.now())) return false;
      const after = await current(found.version.uuid);
      await webhooks.outbox.emit('MODEL_VERSION_STATUS_CHANGED', { ...eventOf(caller, found, after, after.stages), previousStatus: found.version.status });
      return true;
    },
    eventOf,
    setMetadata: (caller: Caller, found: FoundVersion, metadata: Record<string, unknown>) =>
      registry.setMetadata(found.version.id, metadata, caller, services.now()),
    deleteVersion: (caller: Caller, found: FoundVersion) => registry.delete(found.version.id, caller, services.now()),
  };
}
