import { expect } from 'vitest';
import type { QueryPredicate, QueryRule, RuleGroup } from '../../../shared/api/search.ts';
import type { ServerOptions } from '../../src/process/app.ts';
import type { StorageLocation } from '../../src/database/open-storage.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import type { TestBackend } from '../support/test-database.ts';

/** The project the search tests query, and where its experiments' keys are. */
export interface SearchProject {
  projectId: string;
  /** Keys by the names used in the tests: alpha, beta, gamma (live), delta (archived), epsilon (trashed), linked (symlinked in). */
  keys: Record<'alpha' | 'beta' | 'gamma' | 'delta' | 'epsilon' | 'linked' | 'stranger', string>;
}

/** A service for the search tests on one backend, and where it keeps its rows (for writes straight through the stores). */
export async function startSearchServer(backend: TestBackend, options: Partial<ServerOptions> = {}): Promise<{ server: TestServer; location: StorageLocation }> {
  const server = await startTestServer({ ...options, backend });
  return { server, location: server.storage };
}

/** One experiment's logged data. */
interface Seed {
  metrics?: Record<string, number[]>;
  params?: Record<string, string | number | boolean>;
  others?: Record<string, string | number>;
  tags?: string[];
  system?: Record<string, unknown>;
  times?: [string, string];
}

const SEEDS: Record<keyof SearchProject['keys'], Seed> = {
  alpha: {
    metrics: { acc: [0.5, 0.95], loss: [0.1] },
    params: { lr: 0.01, optimizer: 'adam', augment: true },
    others: { notes: 'first try', name: 'alpha-run' },
    tags: ['best', 'gpu'],
    system: { os: 'linux', pid: 100, hostname: 'box-1', user: 'Émile Zola' },
    times: ['2024-01-01T00:00:00Z', '2024-01-01T00:02:00Z'],
  },
  beta: {
    metrics: { acc: [0.8], loss: [0.3] },
    params: { lr: 0.1, optimizer: 'sgd', augment: false },
    others: { notes: '', name: 'beta-run' },
    tags: ['gpu'],
    system: { os: 'darwin', pid: 200 },
    times: ['2024-02-01T00:00:00Z', '2024-02-01T00:00:30Z'],
  },
  gamma: { metrics: { acc: [0.6] }, params: { optimizer: 'Adam_W%' }, others: { name: 'gamma' } },
  delta: { metrics: { acc: [0.99], archived_only: [1] }, tags: ['best'], others: { name: 'delta' } },
  epsilon: { metrics: { acc: [0.97] }, params: { trashed_only: 1 }, tags: ['best'] },
  linked: { metrics: { acc: [0.91] }, params: { lr: 0.05 }, others: { loss: 'n/a' }, tags: ['shared'] },
  stranger: { metrics: { acc: [0.99], secret_metric: [1] }, tags: ['best'] },
};

async function ok(reply: Promise<{ status: number; body: { msg?: string } }>) {
  const { status, body } = await reply;
  expect(status, body.msg).toBe(200);
}

/** Logs one experiment's seed through the REST writes. */
async function logSeed(server: TestServer, experimentKey: string, seed: Seed) {
  for (const [metricName, values] of Object.entries(seed.metrics ?? {})) {
    for (const [step, metricValue] of values.entries()) await ok(server.call('logMetric', { body: { experimentKey, metricName, metricValue, step } }));
  }
  for (const [parameterName, parameterValue] of Object.entries(seed.params ?? {})) await ok(server.call('logParameter', { body: { experimentKey, parameterName, parameterValue } }));
  for (const [key, value] of Object.entries(seed.others ?? {})) await ok(server.call('logOther', { body: { experimentKey, key, value } }));
  if (seed.tags) await ok(server.call('addTags', { body: { experimentKey, addedTags: seed.tags } }));
  if (seed.system) await ok(server.fetch('/api/rest/v2/write/experiment/system-details', post(server, { experimentKey, ...seed.system })).then(asReply));
  if (seed.times) {
    const [start, end] = seed.times.map((time) => Date.parse(time));
    await ok(server.call('setStartEndTime', { body: { experimentKey, startTimeMillis: start, endTimeMillis: end } }));
  }
}

/** A JSON POST with the admin key. */
export const post = (server: TestServer, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { authorization: server.adminKey, 'content-type': 'application/json;charset=utf-8' },
  body: JSON.stringify(body),
});

/** A fetch response as `{status, body}` (JSON). */
export const asReply = async (response: Response) => ({ status: response.status, body: (await response.json()) as { msg?: string } & Record<string, unknown> });

/**
 * Seeds project `search` of workspace admin: alpha, beta, gamma live; delta archived; epsilon trashed; linked
 * (home: project `elsewhere`) symlinked in; stranger only in project `elsewhere`.
 */
export async function seedSearchProject(server: TestServer): Promise<SearchProject> {
  const keys = {} as SearchProject['keys'];
  for (const name of Object.keys(SEEDS) as (keyof SearchProject['keys'])[]) {
    const projectName = name === 'linked' || name === 'stranger' ? 'elsewhere' : 'search';
    const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName } });
    keys[name] = created.body.experimentKey;
    await logSeed(server, keys[name], SEEDS[name]);
  }
  await ok(server.call('archiveExperiment', { query: { experimentKey: keys.delta } }));
  await ok(server.call('deleteExperiment', { query: { experimentKey: keys.epsilon } }));
  await ok(server.call('symlinkExperiment', { query: { experimentKey: keys.linked, projectName: 'search' } }));
  const project = await server.call('getProject', { query: { workspaceName: 'admin', projectName: 'search' } });
  return { projectId: project.body.projectId, keys };
}

/** A rule group of the given rules (AND unless told). */
export const group = (rules: (QueryRule | RuleGroup)[], condition = 'AND', not?: boolean): RuleGroup => ({ condition, rules, valid: true, ...(not ? { not } : {}) });

/** A rule as the SDK writes it: id and field both name the column. */
export const rule = (source: string, field: string, operator: string, value: unknown, type?: string): QueryRule => ({
  id: field,
  field,
  operator,
  value,
  source,
  ...(type ? { type } : {}),
});

/** Runs experiments/search and answers the names (from `keys`) of what matched, sorted; fails on a non-200. */
export async function searchNames(server: TestServer, project: SearchProject, rulesTree: RuleGroup, extra: Record<string, unknown> = {}): Promise<string[]> {
  const reply = await server.call('searchExperiments', { body: { projectId: project.projectId, rulesTree, ...extra } });
  expect(reply.status, reply.body.msg).toBe(200);
  return namesOf(project, reply.body.experiments.map((experiment) => experiment.experimentKey));
}

/** Runs project/query and answers the names of what matched, sorted; fails on a non-200. */
export async function queryNames(server: TestServer, project: SearchProject, predicates: QueryPredicate[], archived = false): Promise<string[]> {
  const reply = await server.call('queryProject', { body: { workspaceName: 'admin', projectName: 'search', predicates, archived } });
  expect(reply.status, reply.body.msg).toBe(200);
  return namesOf(project, reply.body.experimentKeys);
}

/** The test names of experiment keys, sorted. */
export function namesOf(project: SearchProject, keys: readonly string[]): string[] {
  const byKey = new Map(Object.entries(project.keys).map(([name, key]) => [key, name]));
  return keys.map((key) => byKey.get(key) ?? key).sort();
}
