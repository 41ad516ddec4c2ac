import { useMutation } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useNotify } from '../shell/notify.tsx';
import { renderInShell } from '../shell/testing.tsx';
import { runMutation } from './run-mutation.ts';

/** A write that answers only when the test says so. */
function deferred(): { promise: Promise<string>; resolve: (value: string) => void; reject: (error: Error) => void } {
  let resolve: (value: string) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<string>((done, fail) => ((resolve = done), (reject = fail)));
  return { promise, resolve, reject };
}

/** A part of the screen that starts a write and raises its outcome as a notice. */
function Part({ answer }: { answer: Promise<string> }) {
  const notify = useNotify();
  const save = useMutation({ mutationFn: () => answer });
  return <button onClick={() => runMutation(save, undefined, { onSuccess: (reply) => notify.success(reply), onError: (error) => notify.error(error, 'Could not approve') })}>Approve</button>;
}

/** The screen: the part goes away as soon as its action starts (as the cockpit's pending requests do once approved). */
function Screen({ answer }: { answer: Promise<string> }) {
  const [shown, setShown] = useState(true);
  return <div onClickCapture={() => setTimeout(() => setShown(false))}>{shown ? <Part answer={answer} /> : <p>Nothing pending</p>}</div>;
}

describe('runMutation', () => {
  it('raises the notice of a write whose part of the screen has gone before the reply', async () => {
    const answer = deferred();
    renderInShell(<Screen answer={answer.promise} />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByText('Nothing pending');
    await act(async () => answer.resolve('Approved the request.'));
    expect((await screen.findByRole('status')).textContent).toContain('Approved the request.');
  });

  it('raises the failure too', async () => {
    const answer = deferred();
    renderInShell(<Screen answer={answer.promise} />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByText('Nothing pending');
    await act(async () => answer.reject(new Error('The request is no longer pending.')));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not approve: The request is no longer pending.');
  });
});
