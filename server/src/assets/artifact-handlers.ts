import semver from 'semver';
import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, badRequest, notFound } from '../http/api-error.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import type { AssetServices } from './services.ts';
import type { Artifact, ArtifactState, ArtifactVersion } from './artifact-store.ts';
import { ok } from '../http/replies.ts';
import { mapInOrder } from '../database/in-order.ts';
import { parseVersion } from './semantic-version.ts';

/** The states E51 may set. */
const FINAL_STATES: readonly ArtifactState[] = ['CLOSED', 'ERROR'];

const unknownVersion = (id: string) => notFound(`No artifact version with artifactVersionId "${id}".`, SdkError.noArtifactVersion);

/** 400 (90401) for a change to a version that is no longer OPEN. */
export const immutableVersion = (version: ArtifactVersion) =>
  badRequest(`Artifact version ${version.version} is ${version.state}: it cannot be changed any more.`, SdkError.stateImmutable);

/** The highest version by semantic-version precedence. */
const highest = (versions: readonly ArtifactVersion[]) =>
  versions.reduce<ArtifactVersion | undefined>((best, next) => (!best || semver.gt(next.version, best.version) ? next : best), undefined);

/** The newest CLOSED version (by creation): what `latest` means for the reads and the artifact list. */
export const newestClosed = (versions: readonly ArtifactVersion[]) => versions.filter((version) => version.state === 'CLOSED').at(-1);

/** The version E50 gives when the client sends none: 1.0.0 first, then the next major version after the highest. */
const nextVersion = (previous: ArtifactVersion | undefined) => (previous ? (semver.inc(previous.version, 'major') ?? '1.0.0') : '1.0.0');

/** An artifact version the caller may use (by its artifactVersionId), with its artifact: 404 (624523) when unknown. */
export async function artifactVersionOf(services: AssetServices, caller: Caller, artifactVersionId: string): Promise<{ artifact: Artifact; version: ArtifactVersion }> {
  const version = await services.artifacts.versionByUuid(artifactVersionId);
  const artifact = version && await services.artifacts.byId(version.artifactId);
  if (!version || !artifact) throw unknownVersion(artifactVersionId);
  const workspace = await services.workspaces.byId(artifact.workspaceId);
  if (!workspace) throw unknownVersion(artifactVersionId);
  await services.access.requireMember(caller, workspace.id, workspace.name);
  return { artifact, version };
}

/** Handlers of E50 and E51, the artifact reads and an experiment's artifact lineage. */
export function createArtifactHandlers(services: AssetServices): HandlerTable {
  const { access, artifacts, artifactLineage, workspaces } = services;
  const transaction = <T>(work: () => T | Promise<T>): Promise<T> => services.sql.transaction(async () => work());

  const sizeOf = async (version: ArtifactVersion) => (await services.assets.listOfArtifactVersion(version.uuid)).reduce((sum, file) => sum + file.fileSize, 0);

  /** An artifact with its versions as the list and the artifact read answer them. */
  const described = async (artifact: Artifact) => {
    const versions = await artifacts.versions(artifact.id);
    const sized = await mapInOrder(versions, async (version) => ({ version, sizeInBytes: await sizeOf(version) }));
    const workspace = await workspaces.byId(artifact.workspaceId);
    const overview = {
      artifactId: artifact.uuid,
      artifactName: artifact.name,
      artifactType: artifact.artifactType,
      workspaceName: workspace?.name ?? '',
      isPublic: artifact.isPublic,
      latestVersion: newestClosed(versions)?.version ?? null,
      numberOfVersions: versions.length,
      tags: artifact.tags,
      aliases: versions.flatMap((version) => version.alias),
      sizeInBytes: sized.reduce((sum, { sizeInBytes }) => sum + sizeInBytes, 0),
      createdAt: artifact.createdAt,
      lastUpdated: artifact.lastUpdated,
    };
    const records = sized.map(({ version: { id: _id, artifactId: _artifact, uuid, ...version }, sizeInBytes }) => ({ artifactVersionId: uuid, ...version, sizeInBytes }));
    return { overview, versions: records };
  };

  return {
    getArtifactLineage: async ({ query, caller }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      const items = await artifactLineage.lineage(experiment.key, experiment.id);
      return { artifacts: query.filter === 'all' ? items : items.filter((item) => item.direction === query.filter) };
    },
    upsertArtifact: ({ body, caller }) =>
      transaction(async () => {
        const experiment = await access.experiment(caller, body.experimentKey);
        const now = services.now();
        const artifact =
          await artifacts.byName(experiment.workspaceId, body.artifactName) ??
          await artifacts.create({ workspaceId: experiment.workspaceId, name: body.artifactName, artifactType: body.artifactType, isPublic: body.isPublic ?? false }, now);
        if (artifact.artifactType !== body.artifactType) {
          throw badRequest(`Artifact "${artifact.name}" is of type "${artifact.artifactType}", not "${body.artifactType}".`);
        }
        const versions = await artifacts.versions(artifact.id);
        const previous = highest(versions);
        const number = body.version ? parseVersion(body.version) : nextVersion(previous);
        const existing = versions.find((version) => version.version === number);
        if (existing) {
          throw new ApiError(400, SdkError.artifactVersionExists, `Artifact "${artifact.name}" already has a version ${number} (${existing.state}): give another version, or none for the next one.`);
        }
        const fields = {
          experimentKey: experiment.key,
          metadata: body.versionMetadata ?? null,
          alias: [...new Set(body.alias ?? [])],
          tags: [...new Set(body.versionTags ?? [])],
          isPublic: body.isPublic ?? artifact.isPublic,
        };
        const current = await artifacts.createVersion(artifact.id, number, fields, caller.userId, now);
        await artifacts.removeAliases(artifact.id, current.id, fields.alias, now);
        await artifacts.touch(artifact.id, now);
        return { artifactId: artifact.uuid, artifactVersionId: current.uuid, currentVersion: number, previousVersion: previous?.version ?? null };
      }),
    setArtifactState: ({ body, caller }) =>
      transaction(async () => {
        await access.experiment(caller, body.experimentKey);
        const state = body.state.trim().toUpperCase() as ArtifactState;
        if (!FINAL_STATES.includes(state)) {
          throw badRequest(`The state "${body.state}" cannot be set on an artifact version: use CLOSED or ERROR.`, SdkError.invalidState);
        }
        const { artifact, version } = await artifactVersionOf(services, caller, body.artifactVersionId);
        if (version.state === state && (body.isPublic === undefined || body.isPublic === version.isPublic)) return ok('Updated');
        if (version.state !== 'OPEN') throw immutableVersion(version);
        const now = services.now();
        await artifacts.setState(version.id, state, body.isPublic ?? version.isPublic, now);
        await artifacts.touch(artifact.id, now);
        return ok('Updated');
      }),
    listArtifacts: async ({ query, caller }) => {
      const workspace = await access.workspace(caller, query.workspace);
      return { artifacts: await mapInOrder(await artifacts.list(workspace.id), async (artifact) => (await described(artifact)).overview) };
    },
    getArtifact: async ({ query, caller }) => {
      let artifact: Artifact | undefined;
      if (query.artifact_id) {
        artifact = await artifacts.byUuid(query.artifact_id);
        const workspace = artifact && await workspaces.byId(artifact.workspaceId);
        if (workspace) await access.requireMember(caller, workspace.id, workspace.name);
      } else if (query.workspace && query.artifactName) {
        artifact = await artifacts.byName((await access.workspace(caller, query.workspace)).id, query.artifactName);
      } else {
        throw badRequest('Give artifact_id, or both workspace and artifactName.');
      }
      if (!artifact) throw notFound(`No such artifact (${query.artifact_id ?? `${query.workspace}/${query.artifactName}`}).`, SdkError.noArtifact);
      const { overview, versions } = await described(artifact);
      return { ...overview, versions };
    },
  };
}
