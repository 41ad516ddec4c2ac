import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigDiffView } from './config-diff-view.tsx';
import { diffConfig } from './webhook-diff.ts';
import { entriesFromConfig, MASK, type WebhookEntry } from './webhook-model.ts';

const saved = entriesFromConfig([
  {
    workspaceName: 'team',
    modelName: '',
    webhookUrls: [
      { name: 'ops', url: 'https://ops.example.com/hook', header: { Authorization: null }, triggers: [], hasSecret: false },
      { name: 'old', url: 'https://old.example.com/hook', header: {}, triggers: [], hasSecret: false },
    ],
  },
]);
const [ops] = saved as [WebhookEntry];
const edited: WebhookEntry[] = [
  { ...ops, headers: [{ name: 'Authorization', value: 'Bearer n3w', masked: true }] },
  { id: 'n', modelName: 'classifier', name: 'new', url: 'http://127.0.0.1:9/x', headers: [], triggers: [], hasSecret: false, secret: { action: 'keep' } },
];

describe('ConfigDiffView', () => {
  afterEach(cleanup);

  it('shows a replace as added, changed and removed entries, with secret values masked', () => {
    const { container } = render(<ConfigDiffView diff={diffConfig(saved, edited, 'replace')} />);
    const added = screen.getByRole('region', { name: 'Added (1)' });
    expect(within(added).getByText('http://127.0.0.1:9/x')).toBeTruthy();
    expect(within(added).getByText('for model “classifier”')).toBeTruthy();
    const changes = within(screen.getByRole('region', { name: 'Changed (1)' })).getByRole('table', { name: 'Changes to https://ops.example.com/hook' });
    expect(within(changes).getByRole('row', { name: `header Authorization ${MASK} ${MASK} (changed)` })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Removed (1)' })).getByText('https://old.example.com/hook')).toBeTruthy();
    expect(container.textContent).not.toMatch(/s3cret|n3w/);
  });

  it('says that a merge leaves missing entries in place', () => {
    render(<ConfigDiffView diff={diffConfig(saved, edited, 'merge')} />);
    expect(screen.queryByRole('region', { name: /^Removed/ })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Left in place: a merge never removes (1)' })).getByText('https://old.example.com/hook')).toBeTruthy();
  });

  it('says when there is nothing to save, and why a merge of removals changes nothing', () => {
    render(<ConfigDiffView diff={diffConfig(saved, saved, 'replace')} />);
    expect(screen.getByText('Nothing to save: the configuration is the same as on the service.')).toBeTruthy();
    cleanup();
    render(<ConfigDiffView diff={diffConfig(saved, [ops], 'merge')} />);
    expect(screen.getByText(/a merge never removes entries\. Choose replace to remove them\./)).toBeTruthy();
  });
});
