import type { ApiReply } from '../../../../shared/ipc/index.ts';
import { loggedValueOf, type CopyContext, type SourceSnapshot } from './context.ts';

type Summary = ApiReply<'getParameters'>['values'][number];

/** The values that rebuild a summary on the target: lowest, highest, then last (the last one sent becomes current). */
function summaryValues(summary: Summary): Array<{ value: string | number; step: number | null; context: string | null; timestamp: number }> {
  const current = { value: summary.valueCurrent, step: summary.stepCurrent ?? null, context: summary.runContextCurrent, timestamp: summary.timestampCurrent };
  const extremes = [
    { value: summary.valueMin, step: summary.stepMin ?? null, context: summary.runContextMin, timestamp: summary.timestampMin },
    { value: summary.valueMax, step: summary.stepMax ?? null, context: summary.runContextMax, timestamp: summary.timestampMax },
  ];
  const points = extremes.filter((point, index) => point.value !== current.value && (index === 0 || point.value !== extremes[0]?.value));
  return [...points, current].map((point) => ({ ...point, value: loggedValueOf(point.value) }));
}

/** Parameters: one batch on a Trackdesk target (with contexts), else one v2 write (E28) per value. */
export async function copyParameters(ctx: CopyContext, snapshot: SourceSnapshot): Promise<void> {
  const items = snapshot.parameters.flatMap((p) => summaryValues(p).map((v) => ({ parameterName: p.name, parameterValue: v.value, step: v.step, context: v.context, timestamp: v.timestamp })));
  if (items.length === 0) return;
  if (ctx.ours) {
    await ctx.target.call('clientlibParameterBatch', { body: { experimentKey: ctx.targetKey, values: items } }, { signal: ctx.signal });
    return;
  }
  for (const item of items) {
    const { parameterName, parameterValue, step, timestamp } = item;
    await ctx.target.call('logParameter', { body: { experimentKey: ctx.targetKey, parameterName, parameterValue, step, timestamp } }, { signal: ctx.signal });
  }
}

/** "Others" (E27), lowest, highest and last value each. */
export async function copyOthers(ctx: CopyContext, snapshot: SourceSnapshot): Promise<void> {
  for (const other of snapshot.others) {
    for (const value of summaryValues(other)) {
      await ctx.target.call('logOther', { body: { experimentKey: ctx.targetKey, key: other.name, value: value.value, timestamp: value.timestamp } }, { signal: ctx.signal });
    }
  }
}

/** Tags (E37), except the one naming this very copy (the source got it when the copy was made). */
export async function copyTags(ctx: CopyContext, snapshot: SourceSnapshot, ownTag: string): Promise<void> {
  const addedTags = snapshot.tags.filter((tag) => tag !== ownTag);
  if (addedTags.length > 0) await ctx.target.call('addTags', { body: { experimentKey: ctx.targetKey, addedTags } }, { signal: ctx.signal });
}

/** HTML (replacing), code and graph: documents set whole, so sending them again changes nothing. */
export async function copyDocuments(ctx: CopyContext): Promise<void> {
  const options = { signal: ctx.signal };
  const query = { experimentKey: ctx.sourceKey };
  const experimentKey = ctx.targetKey;
  const { html } = await ctx.source.call('getHtml', { query }, options);
  if (html) await ctx.target.call('logHtml', { body: { experimentKey, html, override: true } }, options);
  const { code } = await ctx.source.call('getCode', { query }, options);
  if (code) await ctx.target.call('setCode', { body: { experimentKey, code } }, options);
  const { graph } = await ctx.source.call('getGraph', { query }, options);
  if (graph) await ctx.target.call('setGraph', { body: { experimentKey, graph } }, options);
}

/** Git metadata and system details (both set whole). */
export async function copyEnvironment(ctx: CopyContext): Promise<void> {
  const options = { signal: ctx.signal };
  const query = { experimentKey: ctx.sourceKey };
  const git = await ctx.source.call('getGitMetadata', { query }, options);
  if (Object.values(git).some((part) => part !== null)) await ctx.target.call('setGitMetadata', { body: { ...git, experimentKey: ctx.targetKey } }, options);
  const { experimentKey: _key, systemMetricNames: _names, maxTotalMemory: _max, totalRam: _ram, gpuStaticInfoList, ...details } = await ctx.source.call('getSystemDetails', { query }, options);
  const gpus = gpuStaticInfoList.flatMap((gpu) => (gpu.totalMemory === null ? [] : [{ ...gpu, totalMemory: gpu.totalMemory }]));
  await ctx.target.call('setSystemDetails', { body: { ...details, gpuStaticInfoList: gpus, experimentKey: ctx.targetKey } }, options);
}

/** The output, once: skipped when the target already has some (output lines are appended, so a second send would double them). */
export async function copyOutput(ctx: CopyContext): Promise<void> {
  const options = { signal: ctx.signal };
  const [onTarget, onTargetErr] = await Promise.all([false, true].map((stderr) => ctx.target.call('getOutput', { query: { experimentKey: ctx.targetKey, stderr } }, options)));
  if (onTarget?.output || onTargetErr?.output) return;
  const query = { experimentKey: ctx.sourceKey };
  const { output: all } = await ctx.source.call('getOutput', { query }, options);
  const { output: errors } = await ctx.source.call('getOutput', { query: { ...query, stderr: true } }, options);
  const { output: standard } = errors ? await ctx.source.call('getOutput', { query: { ...query, stderr: false } }, options) : { output: all };
  const outputLines = [
    ...(standard ? [{ output: standard, stderr: false, offset: 0 }] : []),
    ...(errors ? [{ output: errors, stderr: true, offset: 1 }] : []),
  ];
  if (outputLines.length > 0) await ctx.target.call('logOutput', { body: { experimentKey: ctx.targetKey, outputLines } }, options);
}

/** File path, start and end time, and the end of the run (a copy is never running). */
export async function copyRunFacts(ctx: CopyContext, snapshot: SourceSnapshot): Promise<void> {
  const options = { signal: ctx.signal };
  const { filePath, startTimeMillis, endTimeMillis } = snapshot.meta;
  const experimentKey = ctx.targetKey;
  if (filePath) await ctx.target.call('setFilePath', { body: { experimentKey, filePath } }, options);
  await ctx.target.call('stopExperiment', { query: { experimentKey } }, options);
  await ctx.target.call('setStartEndTime', { body: { experimentKey, startTimeMillis, endTimeMillis: Math.max(endTimeMillis, startTimeMillis) } }, options);
}
