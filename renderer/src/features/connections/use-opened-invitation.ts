import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { invoke, on } from '../../bridge.ts';
import { useNotify } from '../../shell/notify.tsx';

/** The search parameter of Connections (and of the browser shell's address) that opens the Join dialog with a link. */
export const JOIN_PARAMETER = 'join';

/** The Connections address that opens the Join dialog filled in with an invitation link. */
export const joinPath = (link: string): string => `/connections?${new URLSearchParams({ [JOIN_PARAMETER]: link })}`;

/**
 * Opens the Join dialog for an invitation link the app was opened with: a trackdesk://join link the desktop shell took
 * from the operating system (waiting in the backend, or announced while the app runs), or `?join=<link>` in the browser
 * shell's address (taken out of the address once read).
 */
export function useOpenedInvitation(): void {
  const navigate = useNavigate();
  const notify = useNotify();
  useEffect(() => {
    const address = new URL(window.location.href);
    const fromAddress = address.searchParams.get(JOIN_PARAMETER);
    if (fromAddress) {
      address.searchParams.delete(JOIN_PARAMETER);
      window.history.replaceState(window.history.state, '', address.href);
      void navigate(joinPath(fromAddress));
    }
    const take = () =>
      invoke('invitations.takeOpened', {}).then(
        ({ link }) => link && navigate(joinPath(link)),
        (error: Error) => notify.error(error, 'Could not open the invitation link'),
      );
    void take();
    return on('invitations.opened', () => void take());
  }, [navigate, notify]);
}
