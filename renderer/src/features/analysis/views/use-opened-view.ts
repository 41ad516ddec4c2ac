import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { invoke, on } from '../../../bridge.ts';
import { callApi } from '../../../lib/api.ts';
import { profilesQueryKey, type ProfileList } from '../../../lib/profiles.tsx';
import { useNotify } from '../../../shell/notify.tsx';
import { VIEW_PARAMETER } from './use-view-session.ts';

/** The search parameter of the browser shell's address that opens a saved view from its address (`/?openView=<view address>`). */
export const OPEN_VIEW_PARAMETER = 'openView';

/**
 * Opens the saved analysis view a view address names (what "Copy link" gives, inside `trackdesk://open?view=…`): a link the
 * desktop shell took from the operating system (waiting in the backend, or announced while the app runs), or
 * `?openView=<address>` in the browser shell's address (taken out once read); through the connection in use if it goes
 * to the view's service, else the first that does (switched to, and said so); with none, the user is told to add one.
 */
export function useOpenedView(): void {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  useEffect(() => {
    const show = async (link: string) => {
      const opened = await invoke('views.openLink', { link });
      const { activeProfileId } = await invoke('profiles.list', {});
      const [first] = opened.profiles;
      let profileId = activeProfileId;
      if (!opened.profiles.some((profile) => profile.id === activeProfileId)) {
        if (!first) throw new Error(`No connection goes to ${opened.baseUrl}, the service of this view: add one on Connections, then open the link again.`);
        const switched = await invoke('profiles.setActive', { id: first.id });
        client.setQueryData<ProfileList>(profilesQueryKey, (current) => (current ? { ...current, activeProfileId: switched.activeProfileId } : current));
        notify.success(`Now using “${first.name}”, the connection to the view's service.`);
        profileId = first.id;
      }
      const view = await callApi('getAnalysisView', { query: { viewId: opened.viewId } }, profileId);
      return navigate(`/projects/${encodeURIComponent(view.projectId)}/analysis?${VIEW_PARAMETER}=${encodeURIComponent(view.viewId)}`);
    };
    const open = (link: string) => show(link).catch((error: unknown) => notify.error(error, 'Could not open the view'));
    const address = new URL(window.location.href);
    const fromAddress = address.searchParams.get(OPEN_VIEW_PARAMETER);
    if (fromAddress) {
      address.searchParams.delete(OPEN_VIEW_PARAMETER);
      window.history.replaceState(window.history.state, '', address.href);
      void open(fromAddress);
    }
    const take = () =>
      invoke('views.takeOpened', {}).then(
        ({ link }) => (link ? open(link) : undefined),
        (error: Error) => notify.error(error, 'Could not open the view'),
      );
    void take();
    return on('views.opened', () => void take());
  }, [navigate, notify, client]);
}
