import type { Endpoint } from '../../../../shared/api/index.ts';
import { baseRequest, inputFields } from './base.ts';
import type { BadCase } from './bad-case.ts';
import { casesFor } from './cases.ts';
import { createFixtures } from './fixtures.ts';
import type { Random } from './prng.ts';
import { NoReplyError, RawConnection, type RawRequest } from './raw-http.ts';
import { HEALTH_PATH, type ServiceUnderTest } from './service.ts';
import { problemWith } from './verdict.ts';

/** What sending an endpoint's bad cases found. */
export interface EndpointReport {
  name: string;
  cases: number;
  /** How many replies of each status. */
  statuses: Record<number, number>;
  /** How many cases of each class. */
  kinds: Record<string, number>;
  /** One line per broken rule: which case, what went wrong. */
  failures: string[];
}

/** How long a reply may take before the request counts as hung. */
const REPLY_TIMEOUT_MS = 15_000;

/** Fixture sets made so far in this process (their names must differ on one service). */
let fixtureSets = 0;

const HEALTH: RawRequest = { method: 'GET', target: HEALTH_PATH, headers: [['Host', '127.0.0.1']] };

/**
 * Sends one case on a new connection and judges the reply; then, unless the reply said `Connection: close` (or the case
 * breaks the framing), sends a health read on the same connection: a kept-alive connection must stay usable.
 */
async function sendCase(service: ServiceUnderTest, badCase: BadCase): Promise<{ status?: number; failure?: string }> {
  const connection = new RawConnection(service.port);
  const where = `${badCase.kind}: ${badCase.label}`;
  try {
    const reply = await connection.send(badCase.request, REPLY_TIMEOUT_MS);
    const problem = problemWith(reply);
    if (problem) return { status: reply.status, failure: `${where}: ${problem}` };
    if (!badCase.reusable || reply.headers.connection?.toLowerCase() === 'close') return { status: reply.status };
    try {
      const next = await connection.send(HEALTH, REPLY_TIMEOUT_MS);
      if (next.status !== 200) return { status: reply.status, failure: `${where}: the next request on the connection got ${next.status}: ${next.body.toString('utf8').slice(0, 200)}` };
    } catch (error) {
      return { status: reply.status, failure: `${where}: after a ${reply.status} without Connection: close, the next request on the connection got no reply (${(error as Error).message})` };
    }
    return { status: reply.status };
  } catch (error) {
    if (!(error instanceof NoReplyError)) throw error;
    return { failure: `${where}: no reply (${error.message})` };
  } finally {
    connection.close();
  }
}

/**
 * Builds `count` bad cases for the endpoint on fresh fixtures (see casesFor) and sends them `concurrency` at a time; then
 * checks that the process is alive and healthy.
 */
export async function runEndpoint(service: ServiceUnderTest, name: string, endpoint: Endpoint, random: Random, count: number, concurrency = 4, heavyShare = 0): Promise<EndpointReport> {
  const fixtures = await createFixtures(service.url, `${name}-${(fixtureSets += 1)}`, inputFields(endpoint));
  const cases = casesFor(baseRequest(name, endpoint, service.key, fixtures), random, count, heavyShare);
  const report: EndpointReport = { name, cases: cases.length, statuses: {}, kinds: {}, failures: [] };
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const badCase = cases[next++] as BadCase;
      report.kinds[badCase.kind] = (report.kinds[badCase.kind] ?? 0) + 1;
      const outcome = await sendCase(service, badCase);
      if (outcome.status !== undefined) report.statuses[outcome.status] = (report.statuses[outcome.status] ?? 0) + 1;
      if (outcome.failure) report.failures.push(`${endpoint.id} ${outcome.failure}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (!service.alive()) report.failures.push(`${endpoint.id}: the service process exited: ${service.child.stderr().slice(-1500)}`);
  else if (!(await service.healthy())) report.failures.push(`${endpoint.id}: the service no longer answers its health read`);
  return report;
}
