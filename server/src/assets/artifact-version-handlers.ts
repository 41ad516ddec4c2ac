import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, badRequest, notFound } from '../http/api-error.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import type { AssetServices } from './services.ts';
import type { Artifact, ArtifactVersion } from './artifact-store.ts';
import { artifactVersionOf, newestClosed } from './artifact-handlers.ts';
import { assetLink } from './records.ts';
import { mapInOrder } from '../database/in-order.ts';
import { ok, origin } from '../http/replies.ts';

/** How a request names an artifact and one of its versions. */
interface VersionRef {
  artifactId?: string;
  workspace?: string;
  artifactName?: string;
  version?: string;
  alias?: string;
  versionOrAlias?: string;
  /** The workspace to look the name up in when `workspace` is absent. */
  defaultWorkspaceId?: number;
}

/** The version name that means the artifact's newest CLOSED version (also what a read naming no version gets). */
const LATEST = 'latest';

const describeRef = (ref: VersionRef) => ref.artifactId ?? [ref.workspace, ref.artifactName].filter(Boolean).join('/');

/** Handlers of clients.md A.5: one artifact version, its files, and the artifact/version label writes. */
export function createArtifactVersionHandlers(services: AssetServices): HandlerTable {
  const { access, artifacts, assets, experiments, workspaces } = services;
  const transaction = <T>(work: () => T | Promise<T>): Promise<T> => services.sql.transaction(async () => work());

  /** The artifact a request names, checked for membership: 404 (624522) when unknown, 400 when nothing names it. */
  const artifactOf = async (caller: Caller, ref: VersionRef): Promise<Artifact> => {
    let artifact: Artifact | undefined;
    if (ref.artifactId) {
      artifact = await artifacts.byUuid(ref.artifactId);
      const workspace = artifact && await workspaces.byId(artifact.workspaceId);
      if (workspace) await access.requireMember(caller, workspace.id, workspace.name);
    } else if (ref.artifactName) {
      const workspaceId = ref.workspace ? (await access.workspace(caller, ref.workspace)).id : ref.defaultWorkspaceId;
      if (workspaceId === undefined) throw badRequest('Give the artifact\'s "workspace" (or an experimentKey of that workspace) with "artifactName".');
      artifact = await artifacts.byName(workspaceId, ref.artifactName);
    } else {
      throw badRequest('Give "versionId", "artifactId", or "artifactName" (with "workspace").');
    }
    if (!artifact) throw notFound(`No such artifact (${describeRef(ref)}).`, SdkError.noArtifact);
    return artifact;
  };

  /** The version a request names within its artifact (none named, or `latest`: the newest CLOSED one): 404 (624523) when unknown. */
  const versionOf = async (artifact: Artifact, ref: VersionRef): Promise<ArtifactVersion> => {
    const all = await artifacts.versions(artifact.id);
    const asked = ref.version ?? ref.alias ?? ref.versionOrAlias ?? LATEST;
    const byNumber = (text: string) => all.find((version) => version.version === text.replace(/^v/, ''));
    const byAlias = (text: string) => all.find((version) => version.alias.includes(text));
    let found: ArtifactVersion | undefined;
    if (asked === LATEST) found = newestClosed(all);
    else if (ref.version) found = byNumber(ref.version);
    else if (ref.alias) found = byAlias(ref.alias);
    else found = byNumber(asked) ?? byAlias(asked);
    if (!found) throw notFound(`Artifact "${artifact.name}" has no ${asked === LATEST ? 'CLOSED version yet' : `version "${asked}"`}.`, SdkError.noArtifactVersion);
    return found;
  };

  /** The files of a version, as the clients read them. */
  const filesOf = async (version: ArtifactVersion, base: string) =>
    mapInOrder(await assets.listOfArtifactVersion(version.uuid), async (asset) => {
      const experimentKey = (await experiments.byId(asset.experimentId))?.key ?? version.experimentKey;
      return {
        assetId: asset.uuid,
        fileName: asset.fileName,
        fileSize: asset.fileSize,
        link: asset.remoteLink ?? `${assetLink(base, experimentKey, asset.uuid)}&artifactVersionId=${encodeURIComponent(version.uuid)}`,
        type: asset.type,
        metadata: asset.metadata,
        remote: asset.remoteLink !== null,
        experimentKey,
      };
    });

  return {
    getArtifactVersion: ({ query, caller }) =>
      transaction(async () => {
        const consumer = query.consumerExperimentKey ? await access.experiment(caller, query.consumerExperimentKey) : undefined;
        const source = query.experimentKey ? await access.experiment(caller, query.experimentKey) : undefined;
        let artifact: Artifact;
        let version: ArtifactVersion;
        if (query.versionId) {
          ({ artifact, version } = await artifactVersionOf(services, caller, query.versionId));
          if (query.artifactId && query.artifactId !== artifact.uuid) throw notFound(`Artifact ${query.artifactId} has no version ${query.versionId}.`, SdkError.noArtifactVersion);
        } else {
          const defaultWorkspaceId = (source ?? consumer)?.workspaceId;
          artifact = await artifactOf(caller, { ...query, defaultWorkspaceId });
          version = await versionOf(artifact, query);
        }
        // The producer's read (by ids, no consumer) answers whatever the state; a consumer gets only CLOSED versions.
        const producersRead = Boolean(query.versionId) && !consumer;
        if (version.state !== 'CLOSED' && !producersRead) {
          const code = version.state === 'OPEN' ? SdkError.artifactVersionOpen : SdkError.artifactVersionFailed;
          const why = version.state === 'OPEN' ? 'is still being written (OPEN)' : 'failed (ERROR)';
          throw new ApiError(400, code, `Artifact "${artifact.name}" version ${version.version} ${why}: it is not final.`);
        }
        // Lineage is recorded only for a caller who may write to the consumer: for anyone else this stays a read (issue 41).
        if (consumer && (await access.mayWrite(caller, consumer.workspaceId))) await services.artifactLineage.recordConsumer(version.id, consumer.id, services.now());
        const sizeInBytes = (await assets.listOfArtifactVersion(version.uuid)).reduce((sum, asset) => sum + asset.fileSize, 0);
        return {
          artifactVersionId: version.uuid,
          artifactVersion: version.version,
          state: version.state,
          alias: version.alias,
          tags: version.tags,
          metadata: version.metadata,
          sizeInBytes,
          experimentKey: version.experimentKey,
          createdAt: version.createdAt,
          lastUpdated: version.lastUpdated,
          artifact: {
            artifactId: artifact.uuid,
            artifactName: artifact.name,
            artifactType: artifact.artifactType,
            tags: artifact.tags,
            workspaceName: (await workspaces.byId(artifact.workspaceId))?.name ?? '',
          },
        };
      }),
    listArtifactVersionFiles: async ({ query, caller, request }) => {
      const artifact = await artifactOf(caller, { ...query, artifactId: query.artifact_id });
      return { files: await filesOf(await versionOf(artifact, query), origin(request)) };
    },
    updateArtifactDetails: ({ body, caller }) =>
      transaction(async () => {
        const artifact = await artifactOf(caller, { artifactId: body.artifactId });
        const now = services.now();
        if (body.versionMetadata != null) {
          if (!body.version) throw badRequest('The body field "version" is required with "versionMetadata" (the version whose metadata it is).');
          await artifacts.setLabels((await versionOf(artifact, { version: body.version })).id, { metadata: body.versionMetadata }, now);
        }
        const tags = body.tags == null ? undefined : [...new Set(body.tags)];
        await artifacts.setDetails(artifact.id, { artifactType: body.artifactType ?? undefined, tags }, now);
        return ok('Updated');
      }),
    updateArtifactVersionLabels: ({ body, caller }) =>
      transaction(async () => {
        const { artifact, version } = await artifactVersionOf(services, caller, body.artifactVersionId);
        const now = services.now();
        const alias = body.alias == null ? undefined : [...new Set(body.alias)];
        const tags = body.versionTags == null ? undefined : [...new Set(body.versionTags)];
        await artifacts.setLabels(version.id, { alias, tags, metadata: body.versionMetadata ?? undefined }, now);
        if (alias) await artifacts.removeAliases(artifact.id, version.id, alias, now);
        await artifacts.touch(artifact.id, now);
        return ok('Updated');
      }),
  };
}
