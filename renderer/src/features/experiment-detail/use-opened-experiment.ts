import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { invoke, on } from '../../bridge.ts';
import { readProfileList } from '../../lib/profile-switch.ts';
import { useSwitchProfile } from '../../lib/profiles.tsx';
import { useNotify } from '../../shell/notify.tsx';

/** The search parameter of the browser shell's address that opens a run from its address (`/?open=<address the SDK printed>`). */
export const OPEN_PARAMETER = 'open';

/**
 * Opens the run an experiment address names (the address the SDK prints, "Experiment is live on …"): a trackdesk://open link
 * the desktop shell took from the operating system (waiting in the backend, or announced while the app runs), or
 * `?open=<address>` in the browser shell's address (taken out of the address once read). The run is shown through a
 * connection to its service: the one in use if it goes there, else the first that does (switched to, and said so); with
 * none, the user is told to add one.
 */
export function useOpenedExperiment(): void {
  const navigate = useNavigate();
  const notify = useNotify();
  const switchProfile = useSwitchProfile();
  useEffect(() => {
    const show = async (link: string) => {
      const opened = await invoke('experiments.openLink', { link });
      const path = `/experiments/${encodeURIComponent(opened.experimentKey)}`;
      const { activeProfileId } = await readProfileList();
      const [first] = opened.profiles;
      if (opened.profiles.some((profile) => profile.id === activeProfileId)) return navigate(path);
      if (!first) {
        throw new Error(`No connection goes to ${opened.baseUrl}, the service of run ${opened.experimentKey.slice(0, 8)} in ${opened.workspaceName}/${opened.projectName}: add one on Connections, then open the address again.`);
      }
      // The run is opened by the switch itself, after it: no screen asked for under the old connection can replace it.
      if (await switchProfile(first.id, path)) notify.success(`Now using “${first.name}”, the connection to the run's service.`);
    };
    const open = (link: string) => show(link).catch((error: unknown) => notify.error(error, 'Could not open the run'));
    const address = new URL(window.location.href);
    const fromAddress = address.searchParams.get(OPEN_PARAMETER);
    if (fromAddress) {
      address.searchParams.delete(OPEN_PARAMETER);
      window.history.replaceState(window.history.state, '', address.href);
      void open(fromAddress);
    }
    const take = () =>
      invoke('experiments.takeOpened', {}).then(
        ({ link }) => (link ? open(link) : undefined),
        (error: Error) => notify.error(error, 'Could not open the run'),
      );
    void take();
    return on('experiments.opened', () => void take());
  }, [navigate, notify, switchProfile]);
}
