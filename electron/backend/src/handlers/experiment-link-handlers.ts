import { normalizeBaseUrl, sameService } from '../client/request.ts';
import { parseExperimentLink } from '../experiment-links.ts';
import { AppError } from '../ipc/app-error.ts';
import type { Handlers } from '../ipc/dispatch.ts';
import type { OpenedLink } from '../opened-links.ts';
import { parseViewAddress } from '../view-links.ts';
import { EMBEDDED_PROFILE_ID } from '../profiles/profile-list.ts';
import type { ProfileService } from '../profiles/profile-service.ts';

/** The experiment- and view-address channels: what an address names and which connections reach its service; the address the OS opened the app with. */
export function experimentLinkHandlers(
  profiles: ProfileService,
  opened: OpenedLink,
  openedViews: OpenedLink,
): Pick<Handlers, 'experiments.openLink' | 'views.openLink' | 'experiments.takeOpened' | 'views.takeOpened'> {
  /** The connections whose service is at `baseUrl` (however a loopback address names it). */
  const reaching = async (baseUrl: string) => {
    // The local service's address is known once it runs: an address opened at the app's start waits for it (a failed start matches nothing).
    await profiles.target(EMBEDDED_PROFILE_ID).catch(() => undefined);
    const { profiles: all } = await profiles.list();
    return all.filter((profile) => profile.baseUrl && sameService(profile.baseUrl, baseUrl)).map(({ id, name }) => ({ id, name }));
  };
  return {
    'experiments.openLink': async ({ link }) => {
      const parsed = parseExperimentLink(link);
      if (!parsed.ok) throw new AppError('invalid_input', `This is not the address of a run (${parsed.reason}): copy the whole address the SDK printed after "Experiment is live on".`);
      const baseUrl = normalizeBaseUrl(parsed.address.baseUrl);
      return { ...parsed.address, baseUrl, profiles: await reaching(baseUrl) };
    },
    'views.openLink': async ({ link }) => {
      const parsed = parseViewAddress(link);
      if (!parsed.ok) throw new AppError('invalid_input', `This is not the address of a saved view (${parsed.reason}): copy it again with the view's "Copy link".`);
      const baseUrl = normalizeBaseUrl(parsed.address.baseUrl);
      return { ...parsed.address, baseUrl, profiles: await reaching(baseUrl) };
    },
    'experiments.takeOpened': async () => ({ link: opened.take() }),
    'views.takeOpened': async () => ({ link: openedViews.take() }),
  };
}
