import { describe, expect, it } from 'vitest';
import type { ApiReply } from '../../lib/api.ts';
import { BACKFILL_PAGE, ExperimentFeed, FIRST_PAGE, stepFeed } from './experiment-feed.ts';
import { testMetadata } from './test-rows.ts';

type Reply = ApiReply<'getExperimentChanges'>;
const change = (key: string, fields: { running?: boolean; archived?: boolean; trashed?: boolean; projectId?: string; tags?: string[] } = {}) => ({
  experiment: testMetadata({ experimentKey: key, running: fields.running ?? false, archived: fields.archived ?? false, projectId: fields.projectId ?? 'p-home' }),
  tags: fields.tags ?? [],
  trashed: fields.trashed ?? false,
});
const reply = (fields: Partial<Reply>): Reply => ({ changed: [], removed: [], cursor: null, next: null, more: false, ...fields });
const keys = (feed: ExperimentFeed) => feed.rows().map((row) => row.key).sort();

describe('ExperimentFeed', () => {
  it('reads a first page, then the rest of the first read and changes since its cursor', () => {
    const feed = new ExperimentFeed('p-home');
    expect(feed.plannedReads()).toEqual([{ projectId: 'p-home', limit: FIRST_PAGE }]);
    feed.apply({ projectId: 'p-home', limit: FIRST_PAGE }, reply({ changed: [change('b'), change('a')], cursor: '9.100', next: 4 }));
    expect(keys(feed)).toEqual(['a', 'b']);
    expect(feed.complete).toBe(false);
    expect(feed.plannedReads()).toEqual([
      { projectId: 'p-home', before: 4, limit: BACKFILL_PAGE },
      { projectId: 'p-home', since: '9.100' },
    ]);
    feed.apply({ projectId: 'p-home', before: 4, limit: BACKFILL_PAGE }, reply({ changed: [change('z')] }));
    expect(feed.complete).toBe(true);
    expect(feed.plannedReads()).toEqual([{ projectId: 'p-home', since: '9.100' }]);
    expect(keys(feed)).toEqual(['a', 'b', 'z']);
  });

  it('replaces changed rows, drops removed ones, keeps unchanged rows and the array itself when nothing changed', () => {
    const feed = new ExperimentFeed('p-home');
    feed.apply({ projectId: 'p-home' }, reply({ changed: [change('a'), change('b'), change('c')], cursor: '3.0' }));
    const before = feed.rows();
    const untouched = before.find((row) => row.key === 'c');
    expect(feed.apply({ projectId: 'p-home', since: '3.0' }, reply({ cursor: '3.5' }))).toBe(false);
    expect(feed.rows()).toBe(before);
    feed.apply({ projectId: 'p-home', since: '3.5' }, reply({ changed: [change('a', { running: true, tags: ['x'] })], removed: ['b'], cursor: '5.9' }));
    expect(keys(feed)).toEqual(['a', 'c']);
    expect(feed.rows().find((row) => row.key === 'a')).toMatchObject({ state: 'running', tags: ['x'] });
    expect(feed.rows().find((row) => row.key === 'c')).toBe(untouched);
    expect(feed.plannedReads()).toEqual([{ projectId: 'p-home', since: '5.9' }]);
  });

  it('lists a trashed experiment only under its home project', () => {
    const feed = new ExperimentFeed('p-home');
    feed.apply({ projectId: 'p-home' }, reply({ changed: [change('home'), change('linked', { projectId: 'p-other' })], cursor: '1.0' }));
    feed.apply({ projectId: 'p-home', since: '1.0' }, reply({ changed: [change('home', { trashed: true }), change('linked', { projectId: 'p-other', trashed: true })], cursor: '2.0' }));
    expect(feed.rows().map((row) => [row.key, row.state])).toEqual([['home', 'trash']]);
  });

  it('reads again at once while a forward read says there is more, and never runs two steps at a time', async () => {
    const feed = new ExperimentFeed('p-home');
    const asked: unknown[] = [];
    let inFlight = 0;
    const read = async (query: { since?: string }) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      asked.push(query);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      if (query.since === undefined) return reply({ changed: [change('a')], cursor: '1.0' });
      if (query.since === '1.0') return reply({ changed: [change('b')], cursor: '2.0', more: true });
      return reply({ changed: [change('c')], cursor: '3.0' });
    };
    await stepFeed(feed, read);
    const [second] = await Promise.all([stepFeed(feed, read), stepFeed(feed, read)]);
    expect(asked).toEqual([
      { projectId: 'p-home', limit: FIRST_PAGE },
      { projectId: 'p-home', since: '1.0' },
      { projectId: 'p-home', since: '2.0' },
      { projectId: 'p-home', since: '3.0' },
    ]);
    expect(second.rows.map((row) => row.key).sort()).toEqual(['a', 'b', 'c']);
    expect(second.complete).toBe(true);
  });
});
