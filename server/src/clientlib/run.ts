import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { api, fullPath, SdkError } from '../../../shared/api/index.ts';
import type { runReply } from '../../../shared/api/clientlib-logger.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import { origin } from '../http/replies.ts';
import { ensureUncategorized, runName, type Experiment } from '../experiments/index.ts';
import type { ClientlibServices } from './services.ts';
import type { Workspace } from '../accounts/index.ts';

/** What the SDK generates (32 hex characters) and accepts from users (32–50 letters or digits). */
const CLIENT_KEY = /^[A-Za-z0-9]{32,50}$/;
/** Longest project name the service stores. */
const PROJECT_NAME_MAX = 250;
/** The SDK's own code for a project name that is too long (clients.md B.2). */
const PROJECT_NAME_TOO_LONG = 1341241;
const MIB = 1024 * 1024;

/** A 403 or 404 the handshake answers with 400, as the SDK reads sdk_error_code only then (clients.md B.2). */
const asHandshakeError = (error: unknown, sdkErrorCode?: number): unknown =>
  error instanceof ApiError && (error.status === 403 || error.status === 404) ? new ApiError(400, sdkErrorCode ?? error.sdkErrorCode, error.message) : error;

/** Runs `work`, turning its 403s and 404s into 400s (with `sdkErrorCode` when given). */
async function handshake<T>(work: () => Promise<T>, sdkErrorCode?: number): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asHandshakeError(error, sdkErrorCode);
  }
}

/** Handlers of the clientlib handshake: `logger/add/run` and `logger/get/run` (clients.md B.2). */
export function createClientlibRunHandlers(services: ClientlibServices): HandlerTable {
  const { access, workspaces, projects, experiments, loggedData } = services;
  const transaction = <T>(work: () => T | Promise<T>): Promise<T> => services.sql.transaction(async () => work());

  /** The reply both calls send for a started or resumed run. */
  const runReplyFor = async (request: FastifyRequest, experiment: Experiment): Promise<z.output<typeof runReply>> => {
    const base = origin(request);
    const assetUrl = base + fullPath(api.downloadAsset);
    const uploadLimitMb = Math.max(1, Math.floor(services.config.uploadLimitBytes / MIB));
    return {
      msg: `Logging to Trackdesk: ${experiment.workspaceName}/${experiment.projectName}`,
      runId: randomUUID().replaceAll('-', ''),
      experimentKey: experiment.key,
      project_id: experiment.projectUuid,
      projectId: experiment.projectUuid,
      projectName: experiment.projectName,
      workspaceName: experiment.workspaceName,
      name: experiment.name,
      focusUrl: `${base}/${encodeURIComponent(experiment.workspaceName)}/${encodeURIComponent(experiment.projectName)}/`,
      lastOffset: await loggedData.output.maxOffset(experiment.id) ?? 0,
      upload_file_size_limit_in_mb: uploadLimitMb,
      uploadVideoMaxSizeMB: uploadLimitMb,
      asset_upload_file_size_limit_in_mb: uploadLimitMb,
      s3DirectAccessEnabled: false,
      featureToggles: [],
      cometWebAssetUrl: assetUrl,
      cometRestApiAssetUrl: assetUrl,
      cometWebImageUrl: assetUrl,
      cometRestApiImageUrl: assetUrl,
      artifactNameMaxLength: null,
      assetNameMaxLength: null,
      imageNameMaxLength: null,
      githubEnabled: false,
    };
  };

  /** `teamName`, or the caller's default workspace when null. */
  const workspaceFor = async (caller: Caller, teamName: string | null | undefined): Promise<Workspace> => {
    if (teamName !== null && teamName !== undefined) return handshake(() => access.workspace(caller, teamName.trim()));
    const found = await workspaces.defaultForUser(caller.userId);
    if (!found) throw badRequest(`User "${caller.userName}" has no default workspace: send teamName.`, SdkError.noSuchWorkspace);
    return found;
  };

  /** The named project (created when missing), or the workspace's Uncategorized project when null. */
  const projectFor = async (caller: Caller, workspace: Workspace, projectName: string | null | undefined) => {
    if (projectName === null || projectName === undefined) return ensureUncategorized(services, workspace.id, caller.userId);
    const name = projectName.trim();
    if (name === '') throw badRequest('The body field "projectName" is empty: send a name, or null for the default project.', SdkError.noProjectName);
    if (name.length > PROJECT_NAME_MAX) throw badRequest(`Project names are at most ${PROJECT_NAME_MAX} characters.`, PROJECT_NAME_TOO_LONG);
    const now = services.now();
    return await projects.byName(workspace.id, name) ?? await projects.create({ workspaceId: workspace.id, name, description: '', isPublic: false, ownerUserId: caller.userId }, now);
  };

  /**
   * Resumes a run: running again from now when the caller may write to it; as it stands (finished or crashed) for a
   * viewer or a read-only key, whose handshake is a read (issue 41).
   */
  const resume = async (caller: Caller, key: string): Promise<Experiment> => {
    const experiment = await access.experiment(caller, key);
    if (!(await access.mayWrite(caller, experiment.workspaceId))) return experiment;
    await experiments.reportStatus(experiment.id, { isAlive: true }, services.now());
    return await experiments.byId(experiment.id) ?? experiment;
  };

  return {
    clientlibAddRun: async ({ body, caller, request }) => {
      const key = body.experimentKey;
      if (!CLIENT_KEY.test(key)) throw badRequest('The body field "experimentKey" must be 32 to 50 letters or digits.');
      const experiment = await transaction(async () => {
        if (await experiments.byKey(key)) {
          if (!body.getOrCreateEnabled) throw badRequest(`An experiment with key "${key}" already exists.`, SdkError.experimentExists);
          return handshake(() => resume(caller, key), SdkError.noWriteAccess);
        }
        const workspace = await workspaceFor(caller, body.teamName);
        const project = await projectFor(caller, workspace, body.projectName);
        const now = services.now();
        const created = await experiments.create({ workspaceId: workspace.id, projectId: project.id, name: runName((await experiments.countHomed(project.id)) + 1), userId: caller.userId, key }, now);
        await projects.touch(project.id, now);
        return created;
      });
      return runReplyFor(request, experiment);
    },
    clientlibGetRun: async ({ body, caller, request }) => {
      const experiment = await transaction(() => handshake(() => resume(caller, body.previousExperiment), SdkError.noWriteAccess));
      return runReplyFor(request, experiment);
    },
  };
}
