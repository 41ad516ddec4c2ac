import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ChannelRequest, ChannelOutput, Profile, ProfileView } from '../../../../shared/ipc/index.ts';
import { refuseCleartextSecret } from '../client/cleartext-guard.ts';
import { normalizeBaseUrl, originOf, sameService } from '../client/request.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ClientOptions, ServiceTarget } from '../client/target.ts';
import { AppError } from '../ipc/app-error.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { EMBEDDED_PROFILE_ID, embeddedProfile } from './profile-list.ts';
import type { SettingsStore } from './settings-store.ts';

/**
 * The name of the key a service makes for this computer at sign-in or sign-up (what key lists show): the host and who
 * signs in, or, for single sign-on (whose user only the service learns), the provider.
 */
export const deviceKeyName = (who: { userName: string } | { provider: string }): string =>
  `Trackdesk on ${hostname()} ${'userName' in who ? `for ${who.userName}` : `via ${who.provider}`}`.slice(0, 200);

/** What the profile service needs from the embedded service. */
interface EmbeddedEndpoint {
  /** The embedded service's address, or '' before it started. */
  baseUrl(): string;
  /** The address and key once it is ready (waits while it starts). */
  whenReady(): Promise<ServiceTarget>;
}

/** Connection profiles: the embedded one plus the user's remote ones, and the key of each. */
export class ProfileService {
  private readonly settings: SettingsStore;
  private readonly keys: KeyStore;
  private readonly embedded: EmbeddedEndpoint;

  constructor(settings: SettingsStore, keys: KeyStore, embedded: EmbeddedEndpoint) {
    this.settings = settings;
    this.keys = keys;
    this.embedded = embedded;
  }

  /** Every profile (embedded first), the active one, and whether the keychain answers. */
  async list(): Promise<ChannelOutput<'profiles.list'>> {
    const settings = await this.settings.read();
    const profiles = await Promise.all([this.embeddedProfile(settings.embeddedName), ...settings.profiles].map((p) => this.view(p)));
    return { profiles, activeProfileId: settings.activeProfileId, keychain: await this.keys.keychainState() };
  }

  /** One profile by id, or `not_found`. */
  async get(id: string): Promise<Profile> {
    const settings = await this.settings.read();
    if (id === EMBEDDED_PROFILE_ID) return this.embeddedProfile(settings.embeddedName);
    const profile = settings.profiles.find((p) => p.id === id);
    if (!profile) throw new AppError('not_found', 'This connection no longer exists: choose another one on the Connections screen.');
    return profile;
  }

  /** Adds a remote profile; the key is stored first so a keychain failure leaves nothing half-made. */
  async create(input: ChannelRequest<'profiles.create'>): Promise<ProfileView> {
    const profile: Profile = { id: randomUUID(), name: input.name, baseUrl: normalizeBaseUrl(input.baseUrl), kind: 'remote' };
    await this.keys.save(profile.id, input.apiKey, input.keyStorage);
    await this.settings.update((s) => ({ ...s, profiles: [...s.profiles, profile] }));
    return this.view(profile);
  }

  /**
   * Adds a remote profile by signing in: the service exchanges the user name and password for a key named after this
   * device, stored like a pasted key. The password goes to the service and nowhere else; the key never leaves here.
   */
  async signIn(input: ChannelRequest<'profiles.signIn'>, clientOptions: Partial<ClientOptions>): Promise<{ profile: ProfileView; userName: string }> {
    const baseUrl = normalizeBaseUrl(input.baseUrl);
    refuseCleartextSecret(baseUrl, 'a password');
    await this.signedInBefore(input.name, baseUrl);
    const client = new ServiceClient({ baseUrl, apiKey: '' }, clientOptions);
    const signedIn = await client.call('signIn', { body: { userName: input.userName, password: input.password, keyName: deviceKeyName({ userName: input.userName }) } });
    const profile = await this.keepSignedIn({ name: input.name, baseUrl, apiKey: signedIn.apiKey, keyStorage: input.keyStorage });
    return { profile, userName: signedIn.userName };
  }

  /**
   * Keeps the key a sign-in answered: on the remote connection of that name and service when there is one (signing in
   * again replaces its key, so the connection keeps its row, id and workspaces), else on a new connection.
   */
  async keepSignedIn(input: ChannelRequest<'profiles.create'>): Promise<ProfileView> {
    const existing = await this.signedInBefore(input.name, input.baseUrl);
    if (!existing) return this.create(input);
    await this.keys.save(existing.id, input.apiKey, input.keyStorage);
    return this.view(existing);
  }

  /**
   * The remote connection a sign-in named `name` to `baseUrl` signs in again (same name, any case, and same service), or
   * undefined for a new one; refuses a name another service's connection has, before anything is asked of the service.
   */
  async signedInBefore(name: string, baseUrl: string): Promise<Profile | undefined> {
    const wanted = name.trim().toLowerCase();
    const named = (await this.settings.read()).profiles.find((profile) => profile.name.trim().toLowerCase() === wanted);
    if (named && !sameService(named.baseUrl, baseUrl)) {
      throw new AppError(
        'invalid_input',
        `A connection named "${named.name}" already exists for ${named.baseUrl}: choose another name, or change that connection's address on the Connections screen.`,
      );
    }
    return named;
  }

  /** Signs a remote profile out: revokes its key on the service (when the service still takes it) and forgets it here. */
  async signOut(id: string, clientOptions: Partial<ClientOptions>): Promise<{ profile: ProfileView; revokedOnService: boolean; message: string }> {
    const profile = await this.get(id);
    if (profile.kind === 'embedded') throw new AppError('forbidden', 'The local service needs no sign-in; there is nothing to sign out of.');
    const target = await this.target(id);
    let revokedOnService = true;
    let message = `Signed out of "${profile.name}": its key is revoked on the service and forgotten here.`;
    try {
      await new ServiceClient(target, clientOptions).call('revokeMyKey', { body: { prefix: target.apiKey.slice(0, 8) } });
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'unauthorized' && error.code !== 'not_found')) throw error;
      revokedOnService = false;
      message = `Signed out of "${profile.name}": the service no longer took its key (${error.message}); it is forgotten here.`;
    }
    await this.keys.remove(id);
    return { profile: await this.view(profile), revokedOnService, message };
  }

  /**
   * Renames any profile; changes a remote profile's address or key. A key is bound to the origin it was given for: a new
   * address on another origin (scheme, host or port) forgets the stored key unless a key comes with it, so the key is
   * never sent to a host it was not meant for (a typo included); the connection then asks for a key again.
   */
  async update(input: ChannelRequest<'profiles.update'>): Promise<ProfileView> {
    const current = await this.get(input.id);
    if (current.kind === 'embedded') {
      if (input.baseUrl !== undefined || input.apiKey !== undefined) {
        throw new AppError('forbidden', 'The local service is managed by Trackdesk; only its name can change.');
      }
      if (input.name !== undefined) await this.settings.update((s) => ({ ...s, embeddedName: input.name }));
      return this.view(await this.get(input.id));
    }
    const movesOrigin = input.baseUrl !== undefined && originOf(input.baseUrl) !== originOf(current.baseUrl);
    if (input.apiKey !== undefined) await this.keys.save(current.id, input.apiKey, input.keyStorage);
    else if (movesOrigin) await this.keys.remove(current.id);
    const next: Profile = {
      ...current,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.baseUrl !== undefined ? { baseUrl: normalizeBaseUrl(input.baseUrl) } : {}),
    };
    await this.settings.update((s) => ({ ...s, profiles: s.profiles.map((p) => (p.id === next.id ? next : p)) }));
    return this.view(next);
  }

  /** Removes a remote profile and its key; the embedded profile becomes active if this one was. */
  async remove(id: string): Promise<string> {
    const profile = await this.get(id);
    if (profile.kind === 'embedded') throw new AppError('forbidden', 'The local service cannot be removed: it keeps the work logged on this computer. Remove another connection, or switch to one.');
    await this.keys.remove(id);
    const settings = await this.settings.update((s) => ({
      ...s,
      profiles: s.profiles.filter((p) => p.id !== id),
      activeProfileId: s.activeProfileId === id ? EMBEDDED_PROFILE_ID : s.activeProfileId,
    }));
    return settings.activeProfileId;
  }

  /** Makes a profile the one calls act on by default. */
  async setActive(id: string): Promise<string> {
    await this.get(id);
    return (await this.settings.update((s) => ({ ...s, activeProfileId: id }))).activeProfileId;
  }

  /** Where calls for a profile (default: the active one) go, with its key; the key never leaves the backend. */
  async target(profileId?: string): Promise<ServiceTarget> {
    const id = profileId ?? (await this.settings.read()).activeProfileId;
    const profile = await this.get(id);
    if (profile.kind === 'embedded') return this.embedded.whenReady();
    const apiKey = await this.keys.get(profile.id);
    if (apiKey === undefined) {
      const keychain = await this.keys.keychainState();
      if (!keychain.available) {
        throw new AppError(
          'keychain_unavailable',
          `The API key of "${profile.name}" cannot be read: ${keychain.message ?? 'the OS keychain cannot be reached.'} Use "Sign in again" on its row of the Connections screen, or enter its key again in its settings.`,
        );
      }
      throw new AppError('unauthorized', `No API key is stored for "${profile.name}". Use "Sign in again" on its row of the Connections screen, or enter its key again in its settings.`);
    }
    return { baseUrl: profile.baseUrl, apiKey };
  }

  private embeddedProfile(name: string | undefined): Profile {
    return embeddedProfile(this.embedded.baseUrl(), name);
  }

  private async view(profile: Profile): Promise<ProfileView> {
    return { ...profile, keyStorage: await this.keys.storage(profile.id) };
  }
}
