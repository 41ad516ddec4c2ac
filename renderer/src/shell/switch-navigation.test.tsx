// The desktop preload bridge is replaced by a scripted one, and two screens by stand-ins that wait on the test: the
// orders below (a first screen whose render a busy machine holds back, a run screen whose code arrives late) cannot be
// produced on demand with the real backend and a real browser.
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { ProfileView } from '../../../shared/ipc/index.ts';
import { App } from '../app.tsx';
import { localProfile } from './testing.tsx';

const held = vi.hoisted(() => {
  let releaseFirstScreen = () => {};
  let releaseRunScreen = () => {};
  return {
    /** How many times the app frame was drawn for a connection (it asks for a waiting run address each time). */
    frames: 0,
    firstScreenReleased: false,
    firstScreen: new Promise<void>((resolve) => (releaseFirstScreen = resolve)),
    runScreen: new Promise<void>((resolve) => (releaseRunScreen = resolve)),
    release(this: { firstScreenReleased: boolean }) {
      this.firstScreenReleased = true;
      releaseFirstScreen();
      releaseRunScreen();
    },
  };
});

// The first screen, when it is drawn for the first connection after that connection's frame is up (the first screen's
// own default sent the app there), is held back: React keeps the screen before it, as on a busy machine.
vi.mock('../features/projects/projects-screen.tsx', async () => {
  const { useState } = await import('react');
  const { useActiveProfile } = await import('../lib/profiles.tsx');
  return {
    ProjectsScreen: function HeldProjectsScreen() {
      const profileId = useActiveProfile().id;
      const [holds] = useState(() => profileId === 'elsewhere' && held.frames > 0);
      if (holds && !held.firstScreenReleased) throw held.firstScreen;
      return <h2>Projects</h2>;
    },
  };
});

// The run's screen is fetched on first need: its code arrives only when the test lets it.
vi.mock('../features/experiment-detail/index.ts', async () => {
  await held.runScreen;
  const { useParams } = await import('react-router');
  return { ExperimentRoute: () => <h2>Run {useParams().experimentKey}</h2> };
});

afterEach(() => {
  delete window.trackdesk;
  window.history.replaceState(null, '', '/');
});

const elsewhere: ProfileView = { id: 'elsewhere', name: 'Elsewhere', baseUrl: 'http://127.0.0.1:9', kind: 'remote', keyStorage: 'session' };

/** A backend with two connections, "Elsewhere" in use, that knows one run on the Local service; service reads never answer. */
function installBackend() {
  let active = elsewhere.id;
  const answers: Record<string, (input: { id?: string }) => unknown> = {
    'app.info': () => ({ name: 'Trackdesk', version: 'test' }),
    'profiles.list': () => ({ profiles: [localProfile, elsewhere], activeProfileId: active, keychain: { available: true } }),
    'profiles.setActive': ({ id }) => ({ activeProfileId: (active = id ?? active) }),
    'experiments.openLink': () => ({ baseUrl: localProfile.baseUrl, workspaceName: 'admin', projectName: 'vision', experimentKey: 'abc123', profiles: [{ id: localProfile.id, name: localProfile.name }] }),
    'experiments.takeOpened': () => ({ link: null }),
    'invitations.takeOpened': () => ({ link: null }),
    'views.takeOpened': () => ({ link: null }),
    'service.status': () => ({ profileId: localProfile.id, state: 'ready', baseUrl: localProfile.baseUrl }),
  };
  window.trackdesk = {
    invoke: (channel, input) => {
      if (channel === 'experiments.takeOpened') held.frames += 1;
      const answer = answers[channel];
      return answer ? Promise.resolve({ ok: true, data: answer(input as { id?: string }) }) : new Promise(() => {});
    },
    on: () => () => {},
    acceptDroppedFiles: async () => [],
  };
}

it('opens the run an address names through the connection it switched to, though the first screen was still held back', async () => {
  installBackend();
  window.history.replaceState(null, '', `/?open=${encodeURIComponent(`${localProfile.baseUrl}/admin/vision/abc123`)}`);
  render(<App />);

  // The switch lands and the frame is drawn again for Local while the first screen (and the run's code) are still held.
  await screen.findByText('Now using “Local”, the connection to the run\'s service.', undefined, { timeout: 10_000 });
  await waitFor(() => expect(held.frames).toBe(2));
  held.release();

  await waitFor(() => expect(window.location.hash).toBe('#/experiments/abc123'));
  expect(await screen.findByRole('heading', { name: 'Run abc123' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Projects' })).toBeNull();
  expect(within(screen.getByRole('banner')).getByRole('combobox', { name: 'Connection' }).textContent).toBe('Local');
}, 30_000);
