import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FormDialog } from './form-dialog.tsx';
import { renderInShell } from './testing.tsx';

function NameForm() {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  if (!open) return <p>Closed</p>;
  return (
    <FormDialog
      titleId="name-title"
      title="Name it"
      submitLabel="Save"
      mutation={{ isPending: false, error: null }}
      errorContext="Could not save"
      onSubmit={() => undefined}
      dirty={name !== ''}
      onClose={() => setOpen(false)}
    >
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
    </FormDialog>
  );
}

const pressEscape = () => fireEvent.keyDown(screen.getByRole('dialog', { name: 'Name it', hidden: true }), { key: 'Escape', code: 'Escape' });

describe('FormDialog', () => {
  it('closes on Escape at once while nothing is typed', () => {
    renderInShell(<NameForm />);
    pressEscape();
    expect(screen.getByText('Closed')).toBeTruthy();
  });

  it('asks before Escape throws away what was typed, and keeps it when the user says no', async () => {
    renderInShell(<NameForm />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'resnet-50 sweep' } });
    pressEscape();
    const ask = screen.getByRole('dialog', { name: 'Discard what you entered?' });
    expect(ask.textContent).toContain('what you typed or picked in it is lost');
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' })));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('resnet-50 sweep');
    expect(screen.queryByText('Closed')).toBeNull();
  });

  it('closes when the user agrees to discard', async () => {
    renderInShell(<NameForm />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'resnet-50 sweep' } });
    pressEscape();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Discard' })));
    expect(screen.getByText('Closed')).toBeTruthy();
  });
});
