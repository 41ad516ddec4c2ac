// The desktop preload bridge is replaced by a recorder of the calls the dialog makes (the service's answer to them is
// tested over real HTTP in server/test/alerts/).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { Envelope } from '../../../../shared/ipc/index.ts';
import { renderInShell } from '../../shell/testing.tsx';
import { NotifyMeButton } from './notify-me-button.tsx';

afterEach(() => {
  delete window.trackdesk;
});

it('"Notify me when…" saves a threshold rule of mine on this run', async () => {
  const sent: unknown[] = [];
  window.trackdesk = {
    invoke: async (channel: string, input: unknown) => {
      const { endpoint, body } = input as { endpoint: string; body?: unknown };
      if (channel === 'api.call' && endpoint === 'createAlertRule') sent.push(body);
      return { ok: true, data: {} } as Envelope<unknown>;
    },
    on: () => () => undefined,
    acceptDroppedFiles: async () => [],
  };
  renderInShell(<NotifyMeButton run={{ workspaceName: 'admin', projectName: 'vision', experimentKey: 'k1' }} />);
  fireEvent.click(screen.getByRole('button', { name: 'Notify me when…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Notify me when this run…' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Metric' }), { target: { value: 'val_loss' } });
  fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Value' }), { target: { value: '2' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(sent).toEqual([
    { workspaceName: 'admin', projectName: 'vision', experimentKey: 'k1', kind: 'threshold', shared: false, enabled: true, metricName: 'val_loss', operator: '>', threshold: 2 },
  ]);
});

it('"Alerts…" on a project’s page saves a shared rule over every run of the project, and shows the service refusal where it was made', async () => {
  const sent: unknown[] = [];
  window.trackdesk = {
    invoke: async (channel: string, input: unknown) => {
      const { endpoint, body } = input as { endpoint: string; body?: unknown };
      if (channel === 'api.call' && endpoint === 'createAlertRule') {
        sent.push(body);
        if (sent.length === 1) return { ok: false, error: { code: 'forbidden', message: 'Making a shared rule of project vision needs the member role.', status: 403 } } as Envelope<unknown>;
      }
      return { ok: true, data: {} } as Envelope<unknown>;
    },
    on: () => () => undefined,
    acceptDroppedFiles: async () => [],
  };
  renderInShell(<NotifyMeButton run={{ workspaceName: 'admin', projectName: 'vision' }} shared />);
  fireEvent.click(screen.getByRole('button', { name: 'Alerts…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Alert the members of this project when a run…' });
  fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Value' }), { target: { value: '5' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
  expect(await within(dialog).findByText(/needs the member role/)).toBeTruthy();
  expect(within(dialog).getByRole('spinbutton', { name: 'Value' })).toHaveProperty('value', '5');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(sent).toHaveLength(2);
  expect(sent[1]).toEqual({ workspaceName: 'admin', projectName: 'vision', kind: 'threshold', shared: true, enabled: true, metricName: 'loss', operator: '>', threshold: 5 });
});
