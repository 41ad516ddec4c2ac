import type { ChannelRequest } from '../../../../shared/ipc/index.ts';
import { normalizeBaseUrl } from '../client/request.ts';
import type { ClientOptions, ServiceTarget } from '../client/target.ts';
import { failedTest, testConnection } from '../connection-test.ts';
import { AppError } from '../ipc/app-error.ts';
import type { Handlers } from '../ipc/dispatch.ts';
import type { ProfileService } from '../profiles/profile-service.ts';

/** The profile channels: thin calls to the profile service; no answer ever carries a key (nor a password). */
export function profileHandlers(profiles: ProfileService, clientOptions: Partial<ClientOptions> = {}): Pick<Handlers, `profiles.${string}` & keyof Handlers> {
  return {
    'profiles.list': () => profiles.list(),
    'profiles.create': async (input) => ({ profile: await profiles.create(input) }),
    'profiles.update': async (input) => ({ profile: await profiles.update(input) }),
    'profiles.remove': async ({ id }) => ({ activeProfileId: await profiles.remove(id) }),
    'profiles.setActive': async ({ id }) => ({ activeProfileId: await profiles.setActive(id) }),
    'profiles.signIn': (input) => profiles.signIn(input, clientOptions),
    'profiles.signOut': ({ id }) => profiles.signOut(id, clientOptions),
    'profiles.test': (input) => testProfile(profiles, input),
  };
}

async function testProfile(profiles: ProfileService, input: ChannelRequest<'profiles.test'>) {
  if ('apiKey' in input) return testConnection({ baseUrl: normalizeBaseUrl(input.baseUrl), apiKey: input.apiKey });
  const profile = await profiles.get(input.id);
  let target: ServiceTarget;
  try {
    target = await profiles.target(profile.id);
  } catch (error) {
    if (profile.kind === 'remote' && error instanceof AppError && error.code === 'unauthorized') {
      return { ok: false, problem: 'missing_key' as const, message: `No API key is stored for "${profile.name}". Enter it again.` };
    }
    return failedTest(error, profile.baseUrl);
  }
  return testConnection(target);
}
