import { describe, expect, it } from 'vitest';
import { createBackend } from '../src/backend.ts';
import { call, tempDir } from './helpers.ts';

/** A backend without an embedded service: the links need none. */
const backend = createBackend({ userDataDir: await tempDir() });

const LINK = 'https://tracking.example.com/api/rest/v2/ext/invitations/info?token=Zk3x9_abcdefghijklmnopqrstuvwxyz-0123456';

describe('invitation links the operating system opened the app with', () => {
  it('waits for the window, tells it, and is taken once (a newer link replaces one not taken)', async () => {
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
});
