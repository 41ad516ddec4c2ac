import { z } from 'zod';
import { defineChannel } from './define.ts';

/** A named connection to a tracking service. The API key is never part of it. */
export const Profile = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  kind: z.enum(['embedded', 'remote']),
});

/** A named connection to a tracking service. */
export type Profile = z.infer<typeof Profile>;

/**
 * Where a profile's API key is kept: the OS keychain, this session's memory only, nowhere yet, or (only the local
 * service's key for scripts, when there is no keychain) a file in Trackdesk's data folder readable by the user only.
 */
export const KeyStorage = z.enum(['keychain', 'session', 'missing', 'dataFolder']);

/** Where a profile's API key is kept. */
export type KeyStorage = z.infer<typeof KeyStorage>;

/** A profile as the renderer sees it: the connection plus where its key lives (never the key). */
export const ProfileView = Profile.extend({ keyStorage: KeyStorage });

/** A profile as the renderer sees it. */
export type ProfileView = z.infer<typeof ProfileView>;

/** Where the user asks the key to be kept: the OS keychain (default) or this session's memory only. */
export const KeyStorageChoice = z.enum(['keychain', 'session']);

/** A connection's name as typed. */
export const profileName = z.string().trim().min(1, 'must not be empty').max(100);
/** A service address as typed: http or https. */
export const baseUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\/[^/\s]+/i.test(value), 'must be an http:// or https:// address');
const apiKey = z.string().trim().min(1, 'must not be empty').max(500);

/** What a connection test found, in words a user understands. */
export const ConnectionTestResult = z.object({
  ok: z.boolean(),
  /** Absent when ok; otherwise the kind of problem, so the screen can offer the right fix. */
  problem: z
    .enum(['unauthorized', 'unreachable', 'tls', 'incompatible', 'timeout', 'server_error', 'missing_key', 'keychain_unavailable'])
    .optional(),
  message: z.string(),
  userName: z.string().optional(),
  defaultWorkspaceName: z.string().optional(),
  workspaceNames: z.array(z.string()).optional(),
});

/** What a connection test found. */
export type ConnectionTestResult = z.infer<typeof ConnectionTestResult>;

const profileList = z.object({
  profiles: z.array(ProfileView),
  activeProfileId: z.string(),
  /** Whether the OS keychain answered; when false, keys can only be kept for this session. */
  keychain: z.object({ available: z.boolean(), message: z.string().optional() }),
});

/** Connection profiles: list, create, edit, remove, choose, test. */
export const profileChannels = {
  'profiles.list': defineChannel({
    summary: 'All connection profiles, the embedded one first, which one is active, and whether the keychain answers.',
    input: z.object({}),
    output: profileList,
  }),
  'profiles.create': defineChannel({
    summary: 'Adds a remote profile; its key goes to the keychain, or to session memory when keyStorage is "session".',
    input: z.object({ name: profileName, baseUrl, apiKey, keyStorage: KeyStorageChoice.default('keychain') }),
    output: z.object({ profile: ProfileView }),
  }),
  'profiles.update': defineChannel({
    summary: "Edits a remote profile's name, address or key (the embedded profile can only be renamed).",
    input: z.object({
      id: z.string().min(1),
      name: profileName.optional(),
      baseUrl: baseUrl.optional(),
      apiKey: apiKey.optional(),
      keyStorage: KeyStorageChoice.default('keychain'),
    }),
    output: z.object({ profile: ProfileView }),
  }),
  'profiles.remove': defineChannel({
    summary: 'Removes a remote profile and its key; the embedded profile becomes active if this one was.',
    input: z.object({ id: z.string().min(1) }),
    output: z.object({ activeProfileId: z.string() }),
  }),
  'profiles.setActive': defineChannel({
    summary: 'Chooses the profile that api.* calls act on by default.',
    input: z.object({ id: z.string().min(1) }),
    output: z.object({ activeProfileId: z.string() }),
  }),
  'profiles.signIn': defineChannel({
    summary: 'Adds a remote profile by signing in with a user name and password: the service makes a key for this device, kept like any key.',
    input: z.object({
      name: profileName,
      baseUrl,
      userName: z.string().trim().min(1, 'must not be empty').max(200),
      password: z.string().min(1, 'must not be empty').max(1000),
      keyStorage: KeyStorageChoice.default('keychain'),
    }),
    output: z.object({ profile: ProfileView, userName: z.string() }),
  }),
  'profiles.signOut': defineChannel({
    summary: "Revokes a remote profile's key on its service and forgets it here; the profile stays, without a key.",
    input: z.object({ id: z.string().min(1) }),
    output: z.object({ profile: ProfileView, revokedOnService: z.boolean(), message: z.string() }),
  }),
  'profiles.test': defineChannel({
    summary: 'Calls account-details and workspaces with a saved profile ({id}) or unsaved details ({baseUrl, apiKey}).',
    input: z.union([z.object({ id: z.string().min(1) }), z.object({ baseUrl, apiKey })]),
    output: ConnectionTestResult,
  }),
};
