import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/src/process/app.ts';
import { seedSearchScale } from '../server/test/search/search-seed.ts';
import { sequentialLatency, type LoadFigures, type LoadTarget } from './service-load.ts';

const API_KEY = 'bench-search-key-0123456789abcdefghij';
const COUNT = 100_000;
const READS = 50;
const WARMUP = 5;

const rule = (source: string, field: string, operator: string, value: unknown, type: string) => ({ id: field, field, source, operator, value, type });
const group = (rules: unknown[], condition = 'AND', not = false) => ({ condition, rules, valid: true, ...(not ? { not } : {}) });

/** `npm run bench -- service` (search part): search latencies over 100,000 experiments next to an unfiltered page read. */
export async function runServiceSearchBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-search-'));
  try {
    const server = await startServer({ host: '127.0.0.1', port: 0, dataDir, bootstrapApiKey: API_KEY });
    const started = performance.now();
    const { projectId } = await seedSearchScale({ dataDir }, 'scale', COUNT);
    const seconds = (performance.now() - started) / 1000;
    console.log(`\nsearch over ${COUNT.toLocaleString('en')} experiments (one metric, two params, one other each; a tag on one in ten)`);
    console.log(`  seeded through the storage modules in ${seconds.toFixed(1)} s`);
    const headers = { authorization: API_KEY, 'content-type': 'application/json' };
    const get = (path: string): LoadTarget => ({ url: `${server.url}/api/rest/v2/${path}`, method: 'GET', headers });
    const post = (path: string, body: unknown): LoadTarget => ({ url: `${server.url}/api/rest/v2/${path}`, method: 'POST', headers, body: JSON.stringify(body) });
    const search = (rulesTree: unknown) => post('experiments/search', { projectId, rulesTree, limit: 100, page: 1, deleted: false });
    const query = (predicates: unknown[]) => post('project/query', { workspaceName: 'admin', projectName: 'scale', predicates, archived: false });
    const table = (text: string, sort: Record<string, string> = {}) => post('ext/experiments/table-query', { projectId, query: text, ...sort });
    const broad = group([
      group([rule('tag', 'best', 'equal', 'best', 'string'), rule('params', 'lr', 'equal', 0.001, 'double')], 'OR'),
      group([rule('log_other', 'group', 'equal', 'g3', 'string')], 'AND', true),
    ]);
    const cases: [string, LoadTarget][] = [
      ['baseline: experiments page (100, no filter)', get(`experiments?projectId=${projectId}&page=1&size=100`)],
      ['search: acc > 0.99 AND optimizer = adam', search(group([rule('metrics', 'acc', 'greater', 0.99, 'double'), rule('params', 'optimizer', 'equal', 'adam', 'string')]))],
      ['search: (tag OR lr) AND NOT group, page 1', search(broad)],
      ['search: optimizer begins_with "ad", page 1', search(group([rule('params', 'optimizer', 'begins_with', 'ad', 'string')]))],
      ['query: Tag("best") (10,000 keys)', query([{ source: 'tag', query: group([rule('tag', 'best', 'equal', 'best', 'string')]) }])],
      ['query: acc between 0.1 and 0.2 (~10,000 keys)', query([{ source: 'metrics', query: group([rule('metrics', 'acc', 'between', [0.1, 0.2], 'double')]) }])],
      ['column-names', get(`project/column-names?projectId=${projectId}`)],
      ['table: lr = 0.001 and acc.min < 0.2 (~6,700 keys)', table('lr = 0.001 and acc.min < 0.2')],
      ['table: optimizer = sgd tag = best (10,000 keys)', table('optimizer = sgd tag = best')],
      ['table: word 0.001 (~33,000 keys)', table('0.001')],
      ['table: sorted by acc, min (100,000 keys)', table('', { sortKind: 'metric', sortName: 'acc', sortAggregate: 'min' })],
    ];
    const results: [string, LoadFigures & { bytes: number; cpuMs: number }][] = [];
    for (const [label, target] of cases) {
      const before = process.cpuUsage();
      const figures = await sequentialLatency(target, READS, WARMUP);
      const used = process.cpuUsage(before);
      results.push([label, { ...figures, cpuMs: (used.user + used.system) / 1000 / (READS + WARMUP) }]);
    }
    const baseline = results[0]?.[1].cpuMs ?? NaN;
    console.log(`  ${''.padEnd(48)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'queries/s'.padStart(11)}${'CPU ms'.padStart(9)}${'vs baseline'.padStart(13)}`);
    for (const [label, figures] of results) {
      console.log(
        `  ${label.padEnd(48)}${figures.p50.toFixed(1).padStart(9)}${figures.p99.toFixed(1).padStart(9)}${figures.requestsPerSecond.toFixed(1).padStart(11)}` +
          `${figures.cpuMs.toFixed(1).padStart(9)}${`${(figures.cpuMs / baseline).toFixed(1)}x`.padStart(13)}  (${(figures.bytes / 1024).toFixed(0)} KiB, ${figures.failures} failed)`,
      );
    }
    console.log(`  (${READS} sequential requests each over one keep-alive connection, timed to the last byte; CPU ms: this process's`);
    console.log(`   CPU time per request, service and client together, which other load on the machine does not inflate)`);
    console.log(`  machine load average during the run: ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`);
    await server.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
