import { normalizeBaseUrl } from '../client/request.ts';
import { parseExperimentLink } from '../experiment-links.ts';
import { AppError } from '../ipc/app-error.ts';
import type { Handlers } from '../ipc/dispatch.ts';
import type { OpenedLink } from '../opened-links.ts';
import { EMBEDDED_PROFILE_ID } from '../profiles/profile-list.ts';
import type { ProfileService } from '../profiles/profile-service.ts';

/** The experiment-address channels: what an address names and which connections reach its service; the address the OS opened the app with. */
export function experimentLinkHandlers(profiles: ProfileService, opened: OpenedLink): Pick<Handlers, 'experiments.openLink' | 'experiments.takeOpened'> {
  return {
    'experiments.openLink': async ({ link }) => {
      const parsed = parseExperimentLink(link);
      if (!parsed.ok) throw new AppError('invalid_input', `This is not the address of a run (${parsed.reason}): copy the whole address the SDK printed after "Experiment is live on".`);
      const baseUrl = normalizeBaseUrl(parsed.address.baseUrl);
      // The local service's address is known once it runs: an address opened at the app's start waits for it (a failed start matches nothing).
      await profiles.target(EMBEDDED_PROFILE_ID).catch(() => undefined);
      const { profiles: all } = await profiles.list();
      const matching = all.filter((profile) => profile.baseUrl && normalizeBaseUrl(profile.baseUrl) === baseUrl).map(({ id, name }) => ({ id, name }));
      return { ...parsed.address, baseUrl, profiles: matching };
    },
    'experiments.takeOpened': async () => ({ link: opened.take() }),
  };
}
