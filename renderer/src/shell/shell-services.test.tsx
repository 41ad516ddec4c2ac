import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useConfirm } from './confirm.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { useNotify } from './notify.tsx';
import { ShortcutDialog } from './shortcut-dialog.tsx';
import { useShortcut } from './shortcuts.tsx';
import { renderInShell } from './testing.tsx';

function ShortcutProbe() {
  const [count, setCount] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  useShortcut('n', 'Count up', () => setCount((value) => value + 1), { group: 'Probe' });
  useShortcut('?', 'Show the list', () => setListOpen(true), { group: 'Probe' });
  return (
    <>
      <output aria-label="count">{count}</output>
      <input aria-label="typing here" />
      <ShortcutDialog open={listOpen} onClose={() => setListOpen(false)} />
    </>
  );
}

function ConfirmProbe() {
  const confirm = useConfirm();
  const notify = useNotify();
  const [answer, setAnswer] = useState('none');
  const ask = async () => {
    const confirmed = await confirm({ title: 'Delete 2 experiments?', message: 'Of project “mnist”.', confirmLabel: 'Delete', destructive: true });
    setAnswer(String(confirmed));
    if (!confirmed) notify.error(new Error('The server said no.'), 'Could not delete');
  };
  return (
    <>
      <button onClick={() => void ask()}>Ask</button>
      <output aria-label="answer">{answer}</output>
    </>
  );
}

describe('keyboard shortcuts', () => {
  it('fire outside text fields, not while typing, and are listed with their group', () => {
    renderInShell(<ShortcutProbe />);
    fireEvent.keyDown(window, { key: 'n', code: 'KeyN' });
    expect(screen.getByLabelText('count').textContent).toBe('1');
    fireEvent.keyDown(screen.getByLabelText('typing here'), { key: 'n', code: 'KeyN' });
    expect(screen.getByLabelText('count').textContent).toBe('1');
    fireEvent.keyDown(window, { key: '?', code: 'Slash', shiftKey: true });
    const list = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(list.textContent).toContain('Probe');
    expect(list.textContent).toContain('Count up');
    fireEvent.keyDown(window, { key: 'n', code: 'KeyN' });
    expect(screen.getByLabelText('count').textContent).toBe('1');
  });
});

describe('confirm and notify', () => {
  it('resolve the confirmation with the button pressed and show failures with their context', async () => {
    renderInShell(<ConfirmProbe />);
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 experiments?' });
    expect(dialog.textContent).toContain('Of project “mnist”.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    expect(screen.getByLabelText('answer').textContent).toBe('true');
    fireEvent.click(await screen.findByRole('button', { name: 'Ask' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(screen.getByLabelText('answer').textContent).toBe('false');
    expect((await screen.findByRole('alert')).textContent).toContain('Could not delete: The server said no.');
  });
});

function Exploding({ explode }: { explode: boolean }) {
  if (explode) throw new Error('The chart data is malformed.');
  return <p>Fine now</p>;
}

describe('ErrorBoundary', () => {
  it('shows the failure with its message and recovers on "Try again"', () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      let explode = true;
      const Probe = () => <Exploding explode={explode} />;
      renderInShell(
        <ErrorBoundary what="This screen">
          <Probe />
        </ErrorBoundary>,
      );
      expect(screen.getByRole('alert').textContent).toContain('This screen failed to show');
      expect(screen.getByRole('alert').textContent).toContain('The chart data is malformed.');
      explode = false;
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(screen.getByText('Fine now')).toBeTruthy();
    } finally {
      console.error = quiet;
    }
  });
});
