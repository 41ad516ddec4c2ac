import type { z } from 'zod';
import type { cloudDetailsRecord, gitMetadataRecord, systemDetailsRecord } from '../../../shared/api/logging-records.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { LoggedDataServices } from './services.ts';
import { experimentIdFor, toSummaryRecord } from './logging-support.ts';

type SystemDetails = z.output<typeof systemDetailsRecord>;
type GitMetadata = z.output<typeof gitMetadataRecord>;
type CloudDetails = z.output<typeof cloudDetailsRecord>;

const NO_GIT: GitMetadata = { user: null, root: null, branch: null, parent: null, origin: null };
const GPU_TOTAL_MEMORY = /^sys\.gpu\.\d+\.total_memory$/;

/** Handlers of the logged-data reads (compat.md §3) and `ext.cloudDetails`. */
export function createLoggingReadHandlers(services: LoggedDataServices): HandlerTable {
  const { access, loggedData } = services;
  const { values, documents } = loggedData;

  /** The stored E32 fields plus what the usage series tell (metric names, GPU memory, total RAM). */
  const systemDetails = async (experimentId: number, experimentKey: string): Promise<SystemDetails> => {
    const stored = (await documents.json(experimentId, 'system') ?? {}) as Partial<SystemDetails>;
    const usage = await values.metricSummariesWithPrefix(experimentId, 'sys.');
    const gpuTotals = [
      ...(stored.gpuStaticInfoList ?? []).flatMap((gpu) => (gpu.totalMemory === null ? [] : [gpu.totalMemory])),
      ...usage.filter((item) => GPU_TOTAL_MEMORY.test(item.name)).map((item) => item.summary.max.number ?? 0),
    ];
    const totalRam = usage.find((item) => item.name === 'sys.ram.total')?.summary.current.number ?? null;
    return {
      experimentKey,
      user: stored.user ?? null,
      pythonVersion: stored.pythonVersion ?? null,
      pythonVersionVerbose: stored.pythonVersionVerbose ?? null,
      pid: stored.pid ?? null,
      osType: stored.osType ?? null,
      os: stored.os ?? null,
      ip: stored.ip ?? null,
      hostname: stored.hostname ?? null,
      osRelease: stored.osRelease ?? null,
      machine: stored.machine ?? null,
      processor: stored.processor ?? null,
      env: stored.env ?? null,
      gpuStaticInfoList: stored.gpuStaticInfoList ?? [],
      logAdditionalSystemInfoList: stored.logAdditionalSystemInfoList ?? [],
      systemMetricNames: usage.map((item) => item.name),
      maxTotalMemory: gpuTotals.length > 0 ? Math.max(...gpuTotals) : null,
      networkInterfaceIps: stored.networkInterfaceIps ?? [],
      command: stored.command ?? [],
      executable: stored.executable ?? null,
      osPackages: stored.osPackages ?? [],
      installedPackages: stored.installedPackages ?? [],
      totalRam,
    };
  };

  return {
    listExperimentTags: async ({ query, caller }) => ({ tags: await loggedData.tags.inProject((await access.project(caller, query)).id) }),
    getTags: async ({ query, caller }) => ({ tags: await loggedData.tags.list(await experimentIdFor(services, caller, query.experimentKey)) }),
    getParameters: async ({ query, caller }) => ({
      values: (await values.summaries(await experimentIdFor(services, caller, query.experimentKey), 'parameter')).map((item) => toSummaryRecord(item, true)),
    }),
    getMetricSummaries: async ({ query, caller }) => ({
      values: (await values.summaries(await experimentIdFor(services, caller, query.experimentKey), 'metric')).map((item) => toSummaryRecord(item, true)),
    }),
    getOthers: async ({ query, caller }) => ({
      values: (await values.summaries(await experimentIdFor(services, caller, query.experimentKey), 'other')).map((item) => toSummaryRecord(item, false)),
    }),
    getMetric: async ({ query, caller }) => {
      const metricName = query.metricName;
      return {
        metrics: (await values.series(await experimentIdFor(services, caller, query.experimentKey), metricName)).map((point) => ({
          metricName,
          metricValue: point.value,
          timestamp: point.timestamp,
          step: point.step,
          epoch: point.epoch,
          runContext: point.context,
        })),
      };
    },
    getSystemDetails: async ({ query, caller }) => systemDetails(await experimentIdFor(services, caller, query.experimentKey), query.experimentKey),
    getGitMetadata: async ({ query, caller }) => {
      const stored = await documents.json(await experimentIdFor(services, caller, query.experimentKey), 'git') as GitMetadata | undefined;
      return stored ?? NO_GIT;
    },
    getOutput: async ({ query, caller }) => ({ output: await loggedData.output.text(await experimentIdFor(services, caller, query.experimentKey), query.stderr) }),
    getHtml: async ({ query, caller }) => ({ html: await documents.text(await experimentIdFor(services, caller, query.experimentKey), 'html') }),
    getCode: async ({ query, caller }) => ({ code: await documents.text(await experimentIdFor(services, caller, query.experimentKey), 'code') }),
    getGraph: async ({ query, caller }) => ({ graph: await documents.text(await experimentIdFor(services, caller, query.experimentKey), 'graph') }),
    getCloudDetails: async ({ query, caller }) => {
      const stored = await documents.json(await experimentIdFor(services, caller, query.experimentKey), 'cloud') as CloudDetails | undefined;
      return stored ?? { provider: null, metadata: {} };
    },
  };
}
