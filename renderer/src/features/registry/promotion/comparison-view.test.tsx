import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { compareVersions, type ValueSummary, type VersionFacts } from './comparison.ts';
import { ComparisonView } from './comparison-view.tsx';

const metric = (name: string, value: string): ValueSummary => ({ name, valueCurrent: value, valueMin: value, valueMax: value, stepCurrent: 3, stepMin: 3, stepMax: 3 });
const facts = (version: string, metrics: ValueSummary[]): VersionFacts => ({
  registryModelItemId: `id-${version}`,
  version,
  status: 'None',
  stages: [],
  experimentKey: `exp-${version}`,
  experimentModelName: 'classifier',
  metrics,
  parameters: [],
  files: [],
  tags: [],
  metadata: {},
});

describe('the cockpit’s metrics comparison', () => {
  afterEach(cleanup);

  it('names the metrics that got worse, and judges only metrics whose name says which way is better', () => {
    const candidate = facts('2.0.0', [metric('val_loss', '0.48'), metric('accuracy', '0.93'), metric('sys.gpu.0.used_memory', '9000')]);
    const current = facts('1.0.0', [metric('val_loss', '0.42'), metric('accuracy', '0.79'), metric('sys.gpu.0.used_memory', '100')]);
    render(<ComparisonView comparison={compareVersions(candidate, current)} candidate="2.0.0" current="1.0.0" held="staging" />);
    expect(screen.getByRole('alert').textContent).toBe('Worse in 2.0.0 than in 1.0.0: val_loss 0.42 → 0.48 (lower is better).');
    const rows = within(screen.getByRole('table', { name: 'Metrics comparison' })).getAllByRole('row').map((row) => row.textContent);
    expect(rows.slice(1)).toEqual([
      'accuracy (higher is better)0.93 (step 3)0.93 (step 3)0.79 (step 3)0.79 (step 3)',
      'sys.gpu.0.used_memory9000 (step 3)—100 (step 3)—',
      'val_loss (lower is better)0.48 (step 3)0.48 (step 3)0.42 (step 3)0.42 (step 3)',
    ]);
  });

  it('says when no judged metric got worse, and judges nothing without a version to compare with', () => {
    const candidate = facts('2.0.0', [metric('accuracy', '0.93')]);
    const { unmount } = render(<ComparisonView comparison={compareVersions(candidate, facts('1.0.0', [metric('accuracy', '0.79')]))} candidate="2.0.0" current="1.0.0" held="staging" />);
    expect(screen.getByRole('alert').textContent).toBe('No metric with a known direction is worse in 2.0.0 than in 1.0.0.');
    unmount();
    render(<ComparisonView comparison={compareVersions(candidate, null)} candidate="2.0.0" current={null} held="staging" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('No version holds “staging” yet: 2.0.0 is shown alone.')).toBeTruthy();
    const headers = within(screen.getByRole('table', { name: 'Metrics comparison' })).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Metric', '2.0.0 last', '2.0.0 best']);
    expect(screen.queryByText(/nobody/)).toBeNull();
  });
});
