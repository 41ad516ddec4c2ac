import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ActiveProfileProvider } from '../../lib/profiles.tsx';
import { NotifyProvider } from '../../shell/notify.tsx';
import { RenameDialog } from './rename-dialog.tsx';
import { TimesDialog } from './times-dialog.tsx';

afterEach(cleanup);

const profile = { id: 'local', name: 'Local', baseUrl: 'http://127.0.0.1:1', kind: 'embedded', keyStorage: 'keychain' } as const;

function show(dialog: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ActiveProfileProvider profile={profile}>
        <NotifyProvider>{dialog}</NotifyProvider>
      </ActiveProfileProvider>
    </QueryClientProvider>,
  );
}

describe('the experiment forms', () => {
  it('refuse an empty new name before sending anything', () => {
    show(<RenameDialog experimentKey="k1" currentName="old" onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Experiment name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByText('The name must not be empty.')).toBeTruthy();
  });

  it('explain the rules for a time left empty, and check the times before sending them', () => {
    show(<TimesDialog experimentKey="k1" label="run" startTimeMillis={0} endTimeMillis={1000} onClose={() => undefined} />);
    expect(screen.getByText(/Only an end time: the start time becomes the end time minus 1 second/)).toBeTruthy();
    expect(screen.getByText(/Only a start time: the end time becomes the start time plus 1 second/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save times' }));
    expect(screen.getByText('Give a start time, an end time, or both.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '2024-03-01T10:00:00' } });
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '2024-03-01T09:00:00' } });
    expect(screen.getByText('The end time must not be before the start time.')).toBeTruthy();
  });
});
