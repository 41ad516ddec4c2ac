import { z } from 'zod';
import { defineChannel } from './define.ts';
import { ProfileView } from './profile-channels.ts';

/** An invitation link as pasted: the service's info address with its token. */
const link = z.string().trim().min(1, 'must not be empty').max(4000);

/** What an invitation opens, and where the user can use it from. */
export const InvitationPreview = z.object({
  baseUrl: z.string(),
  workspaceName: z.string(),
  role: z.enum(['admin', 'member', 'viewer']),
  expiresAt: z.number(),
  invitedBy: z.string().nullable(),
  signUpAllowed: z.boolean(),
  /** The connections to that service, to join as one of them. */
  profiles: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** What an invitation opens. */
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** Joining a workspace by an invitation link: look at it, join with a connection, or create an account with it. */
export const invitationChannels = {
  'invitations.open': defineChannel({
    summary: 'Reads what an invitation link opens (its service says, no key needed) and which connections go to that service.',
    input: z.object({ link }),
    output: InvitationPreview,
  }),
  'invitations.accept': defineChannel({
    summary: "Joins the invitation's workspace as the user of a connection to its service.",
    input: z.object({ link, profileId: z.string().min(1) }),
    output: z.object({ workspaceName: z.string(), role: z.string() }),
  }),
  'invitations.takeOpened': defineChannel({
    summary: 'Takes the invitation link the operating system opened the app with (a trackdesk://join link), once; null when none waits.',
    input: z.object({}),
    output: z.object({ link: z.string().nullable() }),
  }),
  'invitations.signUp': defineChannel({
    summary: 'Creates an account with the invitation (where the service allows it) and adds a connection holding its device key.',
    input: z.object({
      link,
      name: z.string().trim().min(1, 'must not be empty').max(100),
      userName: z.string().trim().min(1, 'must not be empty').max(200),
      password: z.string().min(10, 'must have at least 10 characters').max(1000),
      keyStorage: z.enum(['keychain', 'session']).default('keychain'),
    }),
    output: z.object({ profile: ProfileView, workspaceName: z.string(), role: z.string() }),
  }),
};

/** Pushed when the operating system opened the app with an invitation link: the window takes it with `invitations.takeOpened`. */
export const InvitationOpened = z.object({});
