import { describe, expect, it } from 'vitest';
import { createBackend } from '../src/backend.ts';
import { call, callError, tempDir } from './helpers.ts';

/** A backend without an embedded service: the links need none. */
const backend = createBackend({ userDataDir: await tempDir() });

const LINK = 'https://tracking.example.com/api/rest/v2/ext/invitations/info?token=Zk3x9_abcdefghijklmnopqrstuvwxyz-0123456';
const EXPERIMENT = 'https://tracking.example.com/team%20a/vision/0123456789abcdef0123456789abcdef';

describe('links the operating system opened the app with', () => {
  it('an invitation link waits for the window, tells it, and is taken once (a newer link replaces one not taken)', async () => {
    const told: string[] = [];
    const unsubscribe = backend.events.subscribe((name) => told.push(name));
    expect(await call(backend, 'invitations.takeOpened', {})).toEqual({ link: null });
    backend.openedInvitations.open(`${LINK}-old`);
    backend.openedInvitations.open(LINK);
    unsubscribe();
    expect(told).toEqual(['invitations.opened', 'invitations.opened']);
    expect(await call(backend, 'invitations.takeOpened', {})).toEqual({ link: LINK });
    expect(await call(backend, 'invitations.takeOpened', {})).toEqual({ link: null });
  });

  it('an experiment address waits apart from invitations, tells the window, and is taken once', async () => {
    const told: string[] = [];
    const unsubscribe = backend.events.subscribe((name) => told.push(name));
    backend.openedExperiments.open(EXPERIMENT);
    unsubscribe();
    expect(told).toEqual(['experiments.opened']);
    expect(await call(backend, 'invitations.takeOpened', {})).toEqual({ link: null });
    expect(await call(backend, 'experiments.takeOpened', {})).toEqual({ link: EXPERIMENT });
    expect(await call(backend, 'experiments.takeOpened', {})).toEqual({ link: null });
  });

  it('reads what an experiment address names and which connections reach its service (under a prefix, a trailing slash aside)', async () => {
    expect(await call(backend, 'experiments.openLink', { link: EXPERIMENT })).toEqual({
      baseUrl: 'https://tracking.example.com',
      workspaceName: 'team a',
      projectName: 'vision',
      experimentKey: '0123456789abcdef0123456789abcdef',
      profiles: [],
    });
    const team = (await call(backend, 'profiles.create', { name: 'Team', baseUrl: 'https://tracking.example.com/ml/', apiKey: 'k'.repeat(32), keyStorage: 'session' })).profile;
    await call(backend, 'profiles.create', { name: 'Other', baseUrl: 'https://tracking.example.com', apiKey: 'k'.repeat(32), keyStorage: 'session' });
    const opened = await call(backend, 'experiments.openLink', { link: 'https://tracking.example.com/ml/admin/vision/0123456789abcdef' });
    expect(opened).toMatchObject({ baseUrl: 'https://tracking.example.com/ml', workspaceName: 'admin', projectName: 'vision', profiles: [{ id: team.id, name: 'Team' }] });
  });

  it('refuses anything but an experiment address, saying what to paste', async () => {
    const refused = await callError(backend, 'experiments.openLink', { link: `${EXPERIMENT}?then=delete` });
    expect(refused).toMatchObject({ code: 'invalid_input' });
    expect(refused.message).toBe('This is not the address of a run (an experiment link has no query or fragment): copy the whole address the SDK printed after "Experiment is live on".');
  });
});
