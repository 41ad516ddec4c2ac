import { z } from 'zod';
import type { liveMetric } from '../../../shared/api/live.ts';
import { badRequest } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { LiveServices } from './services.ts';
import type { ExperimentChange } from './change-store.ts';
import type { ArrivedPoint, SeriesMark } from './live-data-store.ts';
import { numberOf, toSummaryRecord } from '../logged-data/index.ts';
import { toExperimentMetadata } from '../experiments/index.ts';

/** Rows of a first read's page, and of a forward read, unless the caller asks otherwise. */
const DEFAULT_LIMIT = 5_000;
/** New points of one series sent at once; beyond it the reader is told to read the series again. */
const MAX_NEW_POINTS = 20_000;
/** Output lines sent at once; the rest follows on the next read. */
const MAX_LINES = 5_000;

/** What `ext.experimentLive`'s cursor holds: the last output line id, and per metric item [id, count, maxStep]. */
const LiveCursor = z.object({ o: z.number().int().min(0), m: z.array(z.tuple([z.number().int(), z.number().int().min(0), z.number().int()])) });
type LiveCursor = z.infer<typeof LiveCursor>;

const encodeCursor = (cursor: LiveCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): LiveCursor {
  try {
    return LiveCursor.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw badRequest('The query field "since" is invalid: it is not a cursor this read answered.');
  }
}

function seriesOf(points: readonly ArrivedPoint[]): Omit<z.output<typeof liveMetric>, 'summary' | 'reset'> {
  return {
    values: points.map((point) => numberOf(point.value) ?? point.value),
    steps: points.map((point) => point.step),
    epochs: points.map((point) => point.epoch),
    timestamps: points.map((point) => point.timestamp),
  };
}

/** Handlers of the live reads: `ext.experimentChanges` and `ext.experimentLive` (README: "Live reads"). */
export function createLiveHandlers(services: LiveServices): HandlerTable {
  const { access, changes, liveData, config } = services;
  const beat = config.keepAlive.isAliveBeatDurationMillis;
  const toEntry = (change: ExperimentChange, now: number) => ({
    experiment: toExperimentMetadata(change.experiment, now, beat),
    tags: change.tags,
    trashed: change.experiment.deletedAt !== null,
  });
  return {
    getExperimentChanges: async ({ query, caller }) => {
      const project = await access.project(caller, { projectId: query.projectId });
      const limit = query.limit ?? DEFAULT_LIMIT;
      const now = services.now();
      if (query.since === undefined) {
        const newest = query.before === undefined ? await changes.newest() : undefined;
        const page = await changes.before(project.id, query.before ?? Number.MAX_SAFE_INTEGER, limit + 1);
        const shown = page.slice(0, limit);
        return {
          changed: shown.map((change) => toEntry(change, now)),
          removed: [],
          cursor: newest === undefined ? null : `${newest}.${now}`,
          next: page.length > limit ? (shown.at(-1)?.seq ?? null) : null,
          more: false,
        };
      }
      const [seqText = '0', atText = '0'] = query.since.split('.');
      const at = Number(atText);
      const found = await changes.since(project.id, Number(seqText), limit);
      // Runs whose last beat aged past the beat duration since the previous read stopped running without a write: a
      // killed script writes nothing, so no change is numbered. Rather than a timer writing "lost" rows (work on every
      // service for every silent run, and state kept twice), each forward read asks which runs went silent within the
      // window it covers and sends them with their state derived now (crashed by silence, with lastHeardAt), so an
      // open table learns it within one read; a heartbeat that comes back is a write, numbered like any other.
      const stopped = at < now ? await changes.lastBeatBetween(project.id, at - beat, now - beat, Number(seqText)) : [];
      return {
        changed: [...found.changed, ...stopped].map((change) => toEntry(change, now)),
        removed: found.removed.map((removal) => removal.key),
        cursor: `${found.cursor}.${Math.max(at, now)}`,
        next: null,
        more: found.more,
      };
    },
    getExperimentLive: async ({ query, caller }) => {
      const experiment = await services.experiments.withStateNow(await access.experiment(caller, query.experimentKey));
      const metadata = toExperimentMetadata(experiment, services.now(), beat);
      const items = await liveData.metricItems(experiment.id);
      if (query.since === undefined) {
        const cursor = { o: await liveData.lastOutputId(), m: await Promise.all(items.map(async (item): Promise<[number, number, number]> => [item.id, item.count, await liveData.maxStep(item.id)])) };
        return { experiment: metadata, metrics: [], output: [], cursor: encodeCursor(cursor), more: false };
      }
      const previous = decodeCursor(query.since);
      const marks = new Map(previous.m.map(([id, count, maxStep]): [number, SeriesMark] => [id, { count, maxStep }]));
      const grown = items.filter((item) => item.count > (marks.get(item.id)?.count ?? 0));
      const summaries = new Map((await services.loggedData.values.summaries(experiment.id, 'metric')).map((named) => [named.name, named]));
      const metrics = (await Promise.all(grown.map(async (item) => {
        const named = summaries.get(item.name);
        if (!named) return [];
        const mark = marks.get(item.id) ?? { count: 0, maxStep: -1 };
        const expected = item.count - mark.count;
        const reset = expected > MAX_NEW_POINTS;
        const points = reset ? [] : await liveData.pointsAfter(item.id, mark.count);
        const maxStep = reset ? await liveData.maxStep(item.id) : Math.max(mark.maxStep, ...points.map((point) => point.step ?? -1));
        marks.set(item.id, { count: reset ? item.count : mark.count + points.length, maxStep });
        return [{ summary: toSummaryRecord(named, true), reset, ...seriesOf(points) }];
      }))).flat();
      const lines = await liveData.outputAfter(experiment.id, previous.o, MAX_LINES + 1);
      const sent = lines.slice(0, MAX_LINES);
      const cursor = {
        o: sent.at(-1)?.id ?? Math.max(previous.o, lines.length === 0 ? await liveData.lastOutputId() : previous.o),
        m: [...marks].map(([id, mark]): [number, number, number] => [id, mark.count, mark.maxStep]),
      };
      return {
        experiment: metadata,
        metrics,
        output: sent.map((line) => ({ output: line.output, stderr: line.stderr })),
        cursor: encodeCursor(cursor),
        more: lines.length > MAX_LINES,
      };
    },
  };
}
