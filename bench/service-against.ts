import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from './live-load.ts';
import { prepareRefWorktree } from './ref-worktree.ts';
import { autocannon, type LoadFigures, type LoadTarget } from './service-load.ts';

const API_KEY = 'bench-against-key-0123456789abcdefghij';
const ROUNDS = Number(process.env.BENCH_AGAINST_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_AGAINST_SECONDS ?? 4);
/** Seconds of load on a freshly started server before it is measured: V8 optimises the hot path as it serves. */
const WARMUP_SECONDS = Number(process.env.BENCH_AGAINST_WARMUP ?? 4);
const CONNECTIONS = [1, 50] as const;
const CURRENT_CLI = join(import.meta.dirname, '..', 'server', 'src', 'process', 'cli.ts');

/** One side of the comparison: a service CLI script (of the earlier commit or of this checkout). */
interface Side {
  label: string;
  cli: string;
  /** Options after the data dir: throttling off, and background tiling off where the service has it. */
  flags: string[];
  /** Figures per round, by connections. */
  runs: Map<number, LoadFigures[]>;
}

/** Starts `side`'s service fresh (empty data dir, throttling off), loads it, and records E29 at each connection count. */
async function measureRound(side: Side): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-against-'));
  const args = [side.cli, '--port', '0', '--data-dir', dataDir, ...side.flags];
  const server = await startChild(args, { TRACKDESK_BOOTSTRAP_API_KEY: API_KEY, TRACKDESK_BOOTSTRAP_PASSWORD: 'bench-password-0123' });
  try {
    const headers = { authorization: API_KEY, 'content-type': 'application/json' };
    const created = await fetch(`${server.url}/api/rest/v2/write/experiment/create`, { method: 'POST', headers, body: JSON.stringify({ workspaceName: 'admin', projectName: 'ingest' }) });
    if (created.status !== 200) throw new Error(`${side.label}: creating the experiment answered ${created.status}: ${await created.text()}`);
    const { experimentKey } = (await created.json()) as { experimentKey: string };
    const body = JSON.stringify({ experimentKey, metricName: 'loss', metricValue: 0.4217, step: 12, epoch: 1, context: 'train' });
    const target: LoadTarget = { url: `${server.url}/api/rest/v2/write/experiment/metric`, method: 'POST', headers, body };
    await autocannon(target, 50, WARMUP_SECONDS);
    for (const connections of CONNECTIONS) {
      side.runs.get(connections)?.push(await autocannon(target, connections, SECONDS, () => server.cpuMs() * 1000));
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};
const pct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${(100 * (ratio - 1)).toFixed(1)}%`;
const spread = (values: number[]) => `${pct(Math.min(...values))} … ${pct(Math.max(...values))}`;

function printComparison(old: Side, current: Side): void {
  console.log(`  ${''.padEnd(22)}${'req/s'.padStart(9)}${'p99 ms'.padStart(8)}${'CPU µs/req'.padStart(12)}   rounds (req/s)`);
  for (const connections of CONNECTIONS) {
    for (const side of [old, current]) {
      const runs = side.runs.get(connections) ?? [];
      const rates = runs.map((run) => run.requestsPerSecond);
      const failed = runs.reduce((sum, run) => sum + run.failures, 0);
      console.log(
        `  ${`${side.label}, ${connections} conn`.padEnd(22)}${Math.round(median(rates)).toString().padStart(9)}${median(runs.map((run) => run.p99)).toFixed(0).padStart(8)}` +
          `${median(runs.map((run) => run.cpuMicrosPerRequest ?? NaN)).toFixed(0).padStart(12)}   ${rates.map((rate) => Math.round(rate)).join(', ')}${failed > 0 ? `  (${failed} failed)` : ''}`,
      );
    }
    const paired = (figure: (run: LoadFigures) => number) => {
      const before = old.runs.get(connections) ?? [];
      return (current.runs.get(connections) ?? []).map((run, round) => figure(run) / figure(before[round] as LoadFigures));
    };
    const rate = paired((run) => run.requestsPerSecond);
    const cpu = paired((run) => run.cpuMicrosPerRequest ?? NaN);
    console.log(`  ${connections} conn, this checkout against ${old.label}: req/s ${pct(median(rate))} (rounds ${spread(rate)}), CPU per request ${pct(median(cpu))} (rounds ${spread(cpu)})`);
  }
}

/**
 * `npm run bench -- service --against <ref>`: E29 single metric writes of this checkout's service against the same at an
 * earlier commit (a worktree made and installed once, then reused), each a CLI process started fresh per round, the
 * rounds alternating (ABBA), at 1 and 50 connections; medians of the rounds, and the ratio paired round by round.
 */
export async function runServiceAgainst(ref: string): Promise<void> {
  const worktree = prepareRefWorktree(ref);
  const quiet = ['--throttle-off', '--no-background-tiles'];
  const oldFlags = worktree.hasBackgroundTiles ? quiet : ['--throttle-off'];
  const old: Side = { label: worktree.commit, cli: worktree.serverScript, flags: oldFlags, runs: new Map(CONNECTIONS.map((c) => [c, []])) };
  const current: Side = { label: 'this checkout', cli: CURRENT_CLI, flags: quiet, runs: new Map(CONNECTIONS.map((c) => [c, []])) };
  console.log(`E29 metric ingest: this checkout against ${worktree.commit} "${worktree.subject}"`);
  console.log(`  ${ROUNDS} rounds, alternating ABBA; each round starts each service fresh (CLI, empty data dir, ${quiet.join(' ')}${worktree.hasBackgroundTiles ? '' : ` here, ${oldFlags.join(' ')} at ${worktree.commit}, which tiles no series in the background`}), loads it`);
  console.log(`  ${WARMUP_SECONDS} s at 50 connections, then measures ${SECONDS} s (after 1 s warm-up) per connection count; CPU µs: the service process's per request`);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of round % 2 === 0 ? [old, current] : [current, old]) await measureRound(side);
    process.stdout.write(`  round ${round + 1} of ${ROUNDS} done\n`);
  }
  printComparison(old, current);
  console.log(`  machine load average at the end: ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores (other processes take their share from both sides alike)`);
  console.log('  (--against HEAD measures this code against itself: the spread two copies of the same code show under the same load)');
}
