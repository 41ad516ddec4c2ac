// The desktop preload bridge is replaced by a scripted feed here (the service side of the feed is tested over real
// HTTP in server/test/alerts/), and the browser's Notification by a recorder: jsdom has none, and the Electron runtime
// cannot run on this machine.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../../shared/ipc/index.ts';
import { renderInShell } from '../../shell/testing.tsx';
import { AlertBell } from './alert-bell.tsx';
import { freshAlerts, type FiredAlert } from './desktop-notifications.ts';

const alert = (id: string, read = false): FiredAlert & Record<string, unknown> => ({
  notificationId: id,
  kind: 'threshold',
  title: `rule ${id}`,
  message: `Run r-${id}: loss = 3 (> 2).`,
  value: '3',
  ruleId: 'rule',
  ruleName: `rule ${id}`,
  workspaceName: 'admin',
  projectName: 'vision',
  experimentKey: `key-${id}`,
  experimentName: `r-${id}`,
  link: `http://127.0.0.1:5170/admin/vision/key-${id}`,
  createdAt: 1_732_000_000_000,
  read,
});

afterEach(() => {
  delete window.trackdesk;
  vi.unstubAllGlobals();
});

it('shows no desktop notification for what fired before the first look, and one for each new unread alert after it', () => {
  expect(freshAlerts(undefined, [alert('a')])).toEqual([]);
  const fresh = freshAlerts(new Set(['a']), [alert('c'), alert('b', true), alert('a')]);
  expect(fresh.map((item) => item.notificationId)).toEqual(['c']);
});

const rule = {
  ruleId: 'r1',
  name: '',
  workspaceName: 'admin',
  projectName: 'vision',
  shared: false,
  owner: 'admin',
  enabled: true,
  kind: 'threshold',
  metricName: 'loss',
  operator: '>',
  threshold: 2,
  minutes: null,
  steps: null,
  direction: null,
  experimentKey: 'key-old',
  nameContains: null,
  createdAt: 1_732_000_000_000,
  lastFired: { at: 1_732_000_000_000, experimentKey: 'key-old', experimentName: 'r-old' },
};

it('counts unread alerts in the bell, notifies the desktop of a new one, and a click marks it read and opens the run', async () => {
  let feed = [alert('old')];
  const calls: { endpoint: string; body?: unknown }[] = [];
  window.trackdesk = {
    invoke: async (channel: string, input: unknown) => {
      const { endpoint, body } = input as { endpoint: string; body?: { notificationIds?: string[] } };
      if (channel !== 'api.call') return { ok: true, data: {} } as Envelope<unknown>;
      calls.push({ endpoint, body });
      if (endpoint === 'listWorkspaces') return { ok: true, data: { workspaceNames: ['admin'] } } as Envelope<unknown>;
      if (endpoint === 'accountDetails') return { ok: true, data: { userName: 'admin', defaultWorkspaceName: 'admin' } } as Envelope<unknown>;
      if (endpoint === 'listAlertRules') return { ok: true, data: { rules: [rule] } } as Envelope<unknown>;
      if (endpoint === 'markAlertNotificationsRead') feed = feed.map((item) => ({ ...item, read: item.read || (body?.notificationIds ?? []).includes(item.notificationId) }));
      return { ok: true, data: { notifications: feed, unread: feed.filter((item) => !item.read).length } } as Envelope<unknown>;
    },
    on: () => () => undefined,
    acceptDroppedFiles: async () => [],
  };
  const shown: { title: string; body?: string | undefined; click: () => void }[] = [];
  class RecordingNotification {
    static permission = 'granted';
    onclick: (() => void) | null = null;
    constructor(title: string, options?: { body?: string }) {
      shown.push({ title, body: options?.body, click: () => this.onclick?.() });
    }
  }
  vi.stubGlobal('Notification', RecordingNotification);
  const RunPage = () => <h2>Run {useParams().experimentKey}</h2>;
  const { client } = renderInShell(
    <MemoryRouter>
      <AlertBell />
      <Routes>
        <Route path="/" element={<h2>Home</h2>} />
        <Route path="/experiments/:experimentKey" element={<RunPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('button', { name: 'Alerts, 1 unread' });
  expect(shown).toEqual([]);

  feed = [alert('new'), ...feed];
  await client.invalidateQueries();
  await screen.findByRole('button', { name: 'Alerts, 2 unread' });
  await waitFor(() => expect(shown.map((item) => [item.title, item.body])).toEqual([['rule new', 'Run r-new: loss = 3 (> 2).']]));
  shown[0]?.click();
  await screen.findByRole('heading', { name: 'Run key-new' });

  fireEvent.click(screen.getByRole('button', { name: 'Alerts, 2 unread' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: /rule old/ }));
  await screen.findByRole('heading', { name: 'Run key-old' });
  await screen.findByRole('button', { name: 'Alerts, 1 unread' });
  expect(calls.filter((call) => call.endpoint === 'markAlertNotificationsRead').map((call) => call.body)).toEqual([{ notificationIds: ['old'] }]);

  fireEvent.click(screen.getByRole('button', { name: 'Alerts, 1 unread' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'My alerts…' }));
  const dialog = await screen.findByRole('dialog', { name: 'My alerts' });
  await within(dialog).findByText(/When loss > 2 on run key-old · last fired .* on r-old/);
});
