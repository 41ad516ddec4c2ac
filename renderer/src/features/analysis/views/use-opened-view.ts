import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { invoke, on } from '../../../bridge.ts';
import { callApi } from '../../../lib/api.ts';
import { readProfileList } from '../../../lib/profile-switch.ts';
import { useSwitchProfile } from '../../../lib/profiles.tsx';
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
  const switchProfile = useSwitchProfile();
  useEffect(() => {
    const show = async (link: string) => {
      const opened = await invoke('views.openLink', { link });
      const { activeProfileId } = await readProfileList();
      const target = opened.profiles.find((profile) => profile.id === activeProfileId) ?? opened.profiles[0];
      if (!target) throw new Error(`No connection goes to ${opened.baseUrl}, the service of this view: add one on Connections, then open the link again.`);
      const view = await callApi('getAnalysisView', { query: { viewId: opened.viewId } }, target.id);
      const path = `/projects/${encodeURIComponent(view.projectId)}/analysis?${VIEW_PARAMETER}=${encodeURIComponent(view.viewId)}`;
      if (target.id === activeProfileId) return navigate(path);
      // The view is opened by the switch itself, after it: no screen asked for under the old connection can replace it.
      if (await switchProfile(target.id, path)) notify.success(`Now using “${target.name}”, the connection to the view's service.`);
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
  }, [navigate, notify, switchProfile]);
}
