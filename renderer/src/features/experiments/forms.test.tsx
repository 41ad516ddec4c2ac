import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../shell/testing.tsx';
import { RenameDialog } from './rename-dialog.tsx';
import { TimesDialog } from './times-dialog.tsx';

describe('the experiment forms', () => {
  it('refuse an empty new name before sending anything', () => {
    renderInShell(<RenameDialog experimentKey="k1" currentName="old" onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Experiment name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByText('The name must not be empty.')).toBeTruthy();
  });

  it('explain the rules for a time left empty, and check the times before sending them', () => {
    renderInShell(<TimesDialog experimentKey="k1" label="run" startTimeMillis={0} endTimeMillis={1000} onClose={() => undefined} />);
    expect(screen.getByText(/Only an end time: the start time becomes the end time minus 1 second/)).toBeTruthy();
    expect(screen.getByText(/Only a start time: the end time becomes the start time plus 1 second/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save times' }));
    expect(screen.getByText('Give a start time, an end time, or both.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '2024-03-01T10:00:00' } });
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '2024-03-01T09:00:00' } });
    expect(screen.getByText('The end time must not be before the start time.')).toBeTruthy();
  });
});
