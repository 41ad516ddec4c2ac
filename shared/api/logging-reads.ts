import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, queryBoolean } from './fields.ts';
import {
  chartExperiment,
  cloudDetailsRecord,
  gitMetadataRecord,
  itemName,
  metricRecord,
  summaryRecord,
  systemDetailsRecord,
} from './logging-records.ts';

const group = 'logging';
const byExperiment = z.object({ experimentKey });
const summaries = z.object({ values: z.array(summaryRecord) });

/** The logged-data reads of compat.md §3, plus `ext.cloudDetails`. */
export const loggingReadEndpoints = {
  getTags: defineEndpoint({
    id: 'read.tags',
    summary: "The experiment's tags, in the order first added.",
    group,
    method: 'GET',
    path: 'experiment/tags',
    query: byExperiment,
    reply: z.object({ tags: z.array(z.string()) }),
  }),
  getParameters: defineEndpoint({
    id: 'read.parameters',
    summary: 'Parameter summaries, by name.',
    group,
    method: 'GET',
    path: 'experiment/parameters',
    query: byExperiment,
    reply: summaries,
  }),
  getMetricSummaries: defineEndpoint({
    id: 'read.metricSummaries',
    summary: 'Metric summaries (min/max/current with steps, timestamps and contexts), by name.',
    group,
    method: 'GET',
    path: 'experiment/metrics/summary',
    query: byExperiment,
    reply: summaries,
  }),
  getOthers: defineEndpoint({
    id: 'read.logOther',
    summary: '"Other" summaries, by name.',
    group,
    method: 'GET',
    path: 'experiment/log-other',
    query: byExperiment,
    reply: summaries,
  }),
  getMetric: defineEndpoint({
    id: 'read.metric',
    summary: "One metric's full series, ordered by step (points without a step first), then timestamp, then arrival.",
    group,
    method: 'GET',
    path: 'experiment/metrics/get-metric',
    query: z.object({ experimentKey, metricName: itemName }),
    reply: z.object({ metrics: z.array(metricRecord) }),
  }),
  getMultiMetricChart: defineEndpoint({
    id: 'read.multiMetricChart',
    summary:
      'Several metrics (and parameters) of several experiments for charting. independentMetrics=false keeps only ' +
      'steps every requested metric of that experiment has; fetchFull=false thins each series to at most 1,000 points.',
    group,
    method: 'POST',
    path: 'experiments/multi-metric-chart',
    body: z.object({
      targetedExperiments: z.array(experimentKey).min(1).max(1000),
      metrics: z.array(itemName).max(1000),
      params: z.array(itemName).max(1000).nullish(),
      independentMetrics: z.boolean().nullish().describe('Default true.'),
      fetchFull: z.boolean().nullish().describe('Default false.'),
    }),
    reply: z.object({
      experiments: z.record(z.string(), chartExperiment).describe('Keyed by experiment key.'),
      empty: z.boolean().describe('True when no experiment has a point of the requested metrics.'),
    }),
  }),
  getSystemDetails: defineEndpoint({
    id: 'read.systemDetails',
    summary: 'The system details record.',
    group,
    method: 'GET',
    path: 'experiment/system-details',
    query: byExperiment,
    reply: systemDetailsRecord,
  }),
  getGitMetadata: defineEndpoint({
    id: 'read.gitMetadata',
    summary: 'The git metadata (all null until E33 sets them).',
    group,
    method: 'GET',
    path: 'experiment/git/metadata',
    query: byExperiment,
    reply: gitMetadataRecord,
  }),
  getOutput: defineEndpoint({
    id: 'read.output',
    summary: 'The output lines joined as sent, ordered by offset then arrival; `stderr` filters to one stream.',
    group,
    method: 'GET',
    path: 'experiment/output',
    query: byExperiment.extend({ stderr: queryBoolean.optional().describe('true: standard error only; false: standard output only.') }),
    reply: z.object({ output: z.string() }),
  }),
  getHtml: defineEndpoint({
    id: 'read.html',
    summary: "The experiment's HTML (empty until logged).",
    group,
    method: 'GET',
    path: 'experiment/html',
    query: byExperiment,
    reply: z.object({ html: z.string() }),
  }),
  getCode: defineEndpoint({
    id: 'read.code',
    summary: "The experiment's source code (empty until logged).",
    group,
    method: 'GET',
    path: 'experiment/code',
    query: byExperiment,
    reply: z.object({ code: z.string() }),
  }),
  getGraph: defineEndpoint({
    id: 'read.graph',
    summary: "The experiment's model graph (empty until logged).",
    group,
    method: 'GET',
    path: 'experiment/graph',
    query: byExperiment,
    reply: z.object({ graph: z.string() }),
  }),
  getCloudDetails: defineEndpoint({
    id: 'ext.cloudDetails',
    summary: 'The cloud details set by E38/E55 (provider null and metadata empty until set).',
    group,
    method: 'GET',
    path: 'experiment/cloud-details',
    query: byExperiment,
    reply: cloudDetailsRecord,
  }),
};
