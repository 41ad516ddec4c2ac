import { api, type Endpoint } from '../shared/api/index.ts';
import { seededRandom } from '../server/test/conformance/bad-input/prng.ts';
import { runEndpoint, type EndpointReport } from '../server/test/conformance/bad-input/run.ts';
import { startServiceUnderTest, type ServiceUnderTest } from '../server/test/conformance/bad-input/service.ts';

/** Bad cases per endpoint; `BENCH_FUZZ_CASES` overrides (npm test sends 40). */
const CASES = Number(process.env.BENCH_FUZZ_CASES ?? 400);
/** The seed; `BENCH_FUZZ_SEED` replays another run. */
const SEED = process.env.BENCH_FUZZ_SEED ?? `fuzz-${new Date().toISOString().slice(0, 10)}`;
/** Share of the random cases that are heavy (1–10 MB strings and bodies, gzip bombs, deep nesting, over-long heads). */
const HEAVY_SHARE = 0.03;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Waits (up to 20 s) until the service's RSS stops falling, as the test's memory check does; resolves with it. */
async function settle(service: ServiceUnderTest): Promise<{ rss: number; seconds: number }> {
  let rss = service.alive() ? service.rss() : NaN;
  for (let seconds = 1; seconds <= 20; seconds += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (!service.alive()) return { rss: NaN, seconds };
    const now = service.rss();
    if (now > rss - 1024 * 1024 && seconds >= 5) return { rss: now, seconds };
    rss = now;
  }
  return { rss, seconds: 20 };
}

/**
 * `npm run bench -- fuzz`: the bad-input suite of `npm test` at `CASES` per endpoint against one service process: prints
 * cases run, the statuses seen, the service's RSS (start, peak, 2 s after) and every failure.
 */
export async function runFuzzBench(): Promise<void> {
  const service = await startServiceUnderTest();
  const reports: EndpointReport[] = [];
  try {
    const rssAtStart = service.rss();
    let peak = rssAtStart;
    const sampler = setInterval(() => (peak = Math.max(peak, service.alive() ? service.rss() : 0)), 100);
    const started = performance.now();
    console.log(`${CASES} bad cases per endpoint, seed "${SEED}" (BENCH_FUZZ_CASES, BENCH_FUZZ_SEED to change)`);
    for (const [name, endpoint] of Object.entries(api) as [string, Endpoint][]) {
      if (!service.alive()) break;
      reports.push(await runEndpoint(service, name, endpoint, seededRandom(`${SEED}:${name}`), CASES, 4, HEAVY_SHARE));
    }
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const total = reports.reduce((sum, report) => sum + report.cases, 0);
    const statuses: Record<string, number> = {};
    const kinds: Record<string, number> = {};
    for (const report of reports) {
      for (const [status, count] of Object.entries(report.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
      for (const [kind, count] of Object.entries(report.kinds)) kinds[kind] = (kinds[kind] ?? 0) + count;
    }
    console.log(`  ${total.toLocaleString('en')} cases on ${reports.length} endpoints in ${seconds.toFixed(0)} s (${Math.round(total / seconds)} cases/s)`);
    console.log(`  statuses: ${Object.entries(statuses).map(([status, count]) => `${status}×${count}`).join(' ')}`);
    console.log(`  classes: ${Object.entries(kinds).sort((a, b) => b[1] - a[1]).map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const alive = service.alive() && (await service.healthy());
    const after2s = alive ? service.rss() : NaN;
    const settled = await settle(service);
    console.log(`  service ${alive ? 'alive and answering' : 'DEAD or not answering'}; RSS ${mib(rssAtStart)} at start, ${mib(peak)} peak, ${mib(after2s)} 2 s after, ${mib(settled.rss)} after ${settled.seconds} s more`);
    const failures = reports.flatMap((report) => report.failures);
    console.log(`  failures: ${failures.length}`);
    for (const failure of failures.slice(0, 200)) console.log(`    ${failure.slice(0, 400)}`);
    if (failures.length > 200) console.log(`    … and ${failures.length - 200} more`);
    if (failures.length > 0 || !alive) process.exitCode = 1;
  } finally {
    await service.close();
  }
}
