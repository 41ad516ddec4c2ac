import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { newExperiment } from '../registry/registry-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const tagsOf = async (experimentKey: string) => (await server.call('getTags', { query: { experimentKey } })).body.tags;

describe('removing tags as the app does it, and putting them back (issue 33)', () => {
  it('removes tags from several experiments; the project tag list and the change feed follow; adding them again restores them', async () => {
    const first = await newExperiment(server, 'tag-removal');
    const second = await newExperiment(server, 'tag-removal');
    await server.call('addTags', { body: { experimentKey: first, addedTags: ['baseline', 'keep'] } });
    await server.call('addTags', { body: { experimentKey: second, addedTags: ['baseline'] } });
    const projectId = (await server.call('getExperimentMetadata', { query: { experimentKey: first } })).body.projectId;
    const { cursor } = (await server.call('getExperimentChanges', { query: { projectId } })).body;

    for (const experimentKey of [first, second]) {
      const removed = await server.call('deleteTags', { body: { experimentKey, tags: ['baseline'] } });
      expect(removed.status).toBe(200);
    }
    expect(await tagsOf(first)).toEqual(['keep']);
    expect(await tagsOf(second)).toEqual([]);
    expect((await server.call('listExperimentTags', { query: { projectId } })).body.tags).toEqual({ [first]: ['keep'] });
    const changes = (await server.call('getExperimentChanges', { query: { projectId, since: cursor ?? undefined } })).body.changed;
    expect(Object.fromEntries(changes.map((change) => [change.experiment.experimentKey, change.tags]))).toEqual({ [first]: ['keep'], [second]: [] });

    // Undo: the app adds the removed tags back to the experiments that had them.
    await server.call('addTags', { body: { experimentKey: first, addedTags: ['baseline'] } });
    await server.call('addTags', { body: { experimentKey: second, addedTags: ['baseline'] } });
    expect(await tagsOf(first)).toEqual(['keep', 'baseline']);
    expect(await tagsOf(second)).toEqual(['baseline']);
  });
});
