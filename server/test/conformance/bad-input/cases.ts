import type { BaseRequest } from './base.ts';
import type { BadCase, CaseGenerator } from './bad-case.ts';
import { bodyGenerators } from './body-cases.ts';
import { multipartGenerators } from './multipart-cases.ts';
import type { Random } from './prng.ts';
import { queryGenerators } from './query-cases.ts';
import { wireGenerators } from './wire-cases.ts';

/** Generators that send megabytes or make the service work hard: each runs once per endpoint, and seldom again. */
const HEAVY = new Set(['oversizeBody', 'bigBody', 'hugeString', 'gzipBomb', 'deepBody', 'overlongUrl', 'overlongHeader', 'manyHeaders']);

/** The generators that apply to the endpoint's kind of body (names prefixed for reports). */
function generatorsFor(base: BaseRequest): [string, CaseGenerator][] {
  const { bodyKind } = base.endpoint;
  const wire = Object.entries(wireGenerators).filter(([name]) => name !== 'bigBody' || bodyKind !== 'json');
  const own = bodyKind === 'json' ? bodyGenerators : bodyKind === 'multipart' ? multipartGenerators : {};
  return [...wire, ...Object.entries(queryGenerators), ...Object.entries(own)];
}

/**
 * `count` bad cases for the endpoint (at least one of every class that applies): first each class once, then random
 * classes with random details, a heavy one with probability `heavyShare`. The same seed gives the same cases.
 */
export function casesFor(base: BaseRequest, random: Random, count: number, heavyShare = 0): BadCase[] {
  const generators = generatorsFor(base);
  const cases: BadCase[] = [];
  for (const [name, generate] of generators) {
    const made = generate(base, random.fork(name));
    if (made) cases.push(made);
  }
  const weighted = generators.flatMap(([name, generate]) => (HEAVY.has(name) ? [] : [generate, generate, generate, generate]));
  const heavy = generators.filter(([name]) => HEAVY.has(name)).map(([, generate]) => generate);
  for (let attempt = 0; cases.length < count && attempt < count * 4; attempt += 1) {
    const generate = random.chance(heavyShare) && heavy.length ? random.pick(heavy) : random.pick(weighted);
    const made = generate(base, random);
    if (made) cases.push(made);
  }
  return cases;
}
