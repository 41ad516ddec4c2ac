import { API_PREFIX } from '../../../../shared/api/index.ts';
import { refuseCleartextSecret } from '../client/cleartext-guard.ts';
import { normalizeBaseUrl, sameService } from '../client/request.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ClientOptions } from '../client/target.ts';
import { AppError } from '../ipc/app-error.ts';
import type { OpenedLink } from '../opened-links.ts';
import type { Handlers } from '../ipc/dispatch.ts';
import { deviceKeyName, type ProfileService } from '../profiles/profile-service.ts';

/** The service address and token of an invitation link (`<service>/api/rest/v2/ext/invitations/info?token=…`). */
export function parseInvitationLink(link: string): { baseUrl: string; token: string } {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    throw new AppError('invalid_input', 'This is not an invitation link: paste the whole address the workspace admin sent.');
  }
  const token = url.searchParams.get('token');
  const at = url.pathname.indexOf(API_PREFIX);
  if (!token || at < 0 || !/^https?:$/.test(url.protocol)) {
    throw new AppError('invalid_input', 'This is not an invitation link: it should end in /api/rest/v2/ext/invitations/info?token=….');
  }
  return { baseUrl: normalizeBaseUrl(`${url.origin}${url.pathname.slice(0, at)}`), token };
}

/** The service address and token of an invitation link, refused when the token would cross a network in plain http. */
function invitationToSend(link: string): { baseUrl: string; token: string } {
  const invitation = parseInvitationLink(link);
  refuseCleartextSecret(invitation.baseUrl, 'an invitation token');
  return invitation;
}

/**
 * The invitation channels: read what a link opens, join with a connection, or sign up (keys stay in the backend); and
 * take the link the operating system opened the app with.
 */
export function invitationHandlers(
  profiles: ProfileService,
  opened: OpenedLink,
  clientOptions: Partial<ClientOptions>,
): Pick<Handlers, `invitations.${string}` & keyof Handlers> {
  const anonymous = (baseUrl: string) => new ServiceClient({ baseUrl, apiKey: '' }, clientOptions);
  return {
    'invitations.open': async ({ link }) => {
      const { baseUrl, token } = invitationToSend(link);
      const info = await anonymous(baseUrl).call('invitationDetails', { query: { token } });
      const { profiles: all } = await profiles.list();
      const matching = all.filter((profile) => profile.baseUrl && sameService(profile.baseUrl, baseUrl)).map(({ id, name }) => ({ id, name }));
      return { baseUrl, ...info, profiles: matching };
    },
    'invitations.accept': async ({ link, profileId }) => {
      const { baseUrl, token } = invitationToSend(link);
      const target = await profiles.target(profileId);
      if (!sameService(target.baseUrl, baseUrl)) throw new AppError('invalid_input', `The invitation is for ${baseUrl}, not for that connection's service.`);
      return new ServiceClient(target, clientOptions).call('acceptInvitation', { body: { token } });
    },
    'invitations.takeOpened': async () => ({ link: opened.take() }),
    'invitations.signUp': async ({ link, name, userName, password, keyStorage }) => {
      const { baseUrl, token } = invitationToSend(link);
      const signedUp = await anonymous(baseUrl).call('signUpWithInvitation', { body: { token, userName, password, keyName: deviceKeyName({ userName }) } });
      const profile = await profiles.create({ name, baseUrl, apiKey: signedUp.apiKey, keyStorage });
      return { profile, workspaceName: signedUp.workspaceName, role: signedUp.role };
    },
  };
}
