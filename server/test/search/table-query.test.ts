import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { errorOffset, MAX_QUERY_DEPTH } from '../../../shared/query/table-query.ts';
import type { TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';
import { namesOf, seedSearchProject, startSearchServer, type SearchProject } from './search-fixtures.ts';

let server: TestServer;
let project: SearchProject;

/** Runs the table's query and answers the reply. */
const table = (query: string, sort: Record<string, unknown> = {}) => server.call('queryTable', { body: { projectId: project.projectId, query, ...sort } });

/** The test names the filter matches, sorted. */
async function matching(query: string): Promise<string[]> {
  const reply = await table(query);
  expect(reply.status, reply.body.msg).toBe(200);
  return namesOf(project, reply.body.experimentKeys);
}

/** The test names in the order the service sorts them. */
async function ordered(query: string, sort: Record<string, unknown>): Promise<string[]> {
  const reply = await table(query, sort);
  expect(reply.status, reply.body.msg).toBe(200);
  const byKey = new Map(Object.entries(project.keys).map(([name, key]) => [key, name]));
  return reply.body.experimentKeys.map((key) => byKey.get(key) ?? key);
}

describe.each(testBackends())('the table filter language on %s', (backend) => {
  beforeAll(async () => {
    ({ server } = await startSearchServer(backend));
    project = await seedSearchProject(server);
  });
  afterAll(() => server.close());

  it.each([
    ['lr = 0.01', ['alpha']],
    ['lr:0.01', ['alpha']],
    ['0.01', ['alpha']],
    ['lr > 0.02', ['beta', 'linked']],
    ['acc.min < 0.6', ['alpha']],
    ['acc > 0.9', ['alpha', 'delta', 'epsilon', 'linked']],
    ['acc.last > 0.9 and acc.max >= 0.97', ['delta', 'epsilon']],
    ['optimizer = adam or optimizer = sgd', ['alpha', 'beta']],
    ['optimizer ~ adam', ['alpha', 'gamma']],
    ['params.optimizer != adam', ['beta', 'gamma']],
    ['tag = best', ['alpha', 'delta', 'epsilon']],
    ['tag ~ gp and not tag = best', ['beta']],
    ['gpu', ['alpha', 'beta']],
    ['state = running and (lr = 0.1 or lr = 0.05)', ['beta', 'linked']],
    ['state = finished or state = crashed', []],
    ['start < 2024-01-15', ['alpha']],
    ['start > 1w', ['delta', 'epsilon', 'gamma', 'linked']],
    ['acc > 0.9 tag = best', ['alpha', 'delta', 'epsilon']],
    ['', ['alpha', 'beta', 'delta', 'epsilon', 'gamma', 'linked']],
  ])('%s', async (query, expected) => {
    expect(await matching(query)).toEqual(expected);
  });

  it.each([
    ['lr =', 4, 'Expected a value after “=”'],
    ['(lr = 1', 7, 'Expected “)”'],
    ['nope > 1', 0, 'No metric or parameter named “nope”'],
    ['acc > 0.5 and start > yesterday', 22, '“yesterday” is not a time'],
    ['tag < a', 0, 'Tags compare with'],
    ['lr = "0.01', 5, 'is not closed'],
  ])('answers 400 for %s, saying where and what is expected', async (query, at, message) => {
    const reply = await table(query);
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toContain(message);
    expect(errorOffset(reply.body.msg ?? '')).toBe(at);
  });

  it.each([
    ['3,000 nested parentheses', `${'('.repeat(3000)}gpu${')'.repeat(3000)}`, MAX_QUERY_DEPTH],
    ['2,400 “not”', `${'not '.repeat(2400)}gpu`, 4 * MAX_QUERY_DEPTH],
    ['“not” and parentheses together', `${'not ('.repeat(1000)}gpu${')'.repeat(1000)}`, 5 * (MAX_QUERY_DEPTH / 2)],
  ])('answers 400 for %s, at the opener that nests too deep', async (_case, query, at) => {
    const reply = await table(query);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 400, sdk_error_code: SdkError.validation });
    expect(reply.body.msg).toContain(`more than ${MAX_QUERY_DEPTH} levels deep`);
    expect(errorOffset(reply.body.msg ?? '')).toBe(at);
  });

  it('takes filters nested to the limit, and chains of “and” and “or” as long as the text allows', async () => {
    expect(await matching(`${'('.repeat(MAX_QUERY_DEPTH)}gpu${')'.repeat(MAX_QUERY_DEPTH)}`)).toEqual(['alpha', 'beta']);
    expect(await matching(`${'not '.repeat(MAX_QUERY_DEPTH)}gpu`)).toEqual(['alpha', 'beta']);
    expect(await matching(Array.from({ length: 1400 }, () => 'key!=x').join(' '))).toEqual(await matching(''));
    expect(await matching([...Array.from({ length: 1100 }, () => 'key=x'), 'tag = gpu'].join(' or '))).toEqual(['alpha', 'beta']);
  });

  it('sorts by a summary column, experiments without the value last, and keeps the filter', async () => {
    expect(await ordered('', { sortKind: 'metric', sortName: 'acc' })).toEqual(['gamma', 'beta', 'linked', 'alpha', 'epsilon', 'delta']);
    expect(await ordered('', { sortKind: 'metric', sortName: 'acc', sortAggregate: 'min', sortOrder: 'desc' })).toEqual(['delta', 'epsilon', 'linked', 'beta', 'gamma', 'alpha']);
    expect((await ordered('', { sortKind: 'metric', sortName: 'loss' })).slice(0, 2)).toEqual(['alpha', 'beta']);
    expect(await ordered('tag = gpu', { sortKind: 'param', sortName: 'lr', sortOrder: 'desc' })).toEqual(['beta', 'alpha']);
    expect((await ordered('', { sortKind: 'param', sortName: 'optimizer' })).slice(0, 3)).toEqual(['gamma', 'alpha', 'beta']);
  });
});
