/** The URL scheme the desktop app registers with the operating system: `trackdesk://…`. */
export const APP_SCHEME = 'trackdesk';

/** What a `trackdesk://` link may ask of the app; nothing else exists. */
export type AppLink = { route: 'join'; invitationLink: string };

/** The `trackdesk://join?link=…` link that opens the app's Join dialog with an invitation link. */
export const joinAppLink = (invitationLink: string): string => `${APP_SCHEME}://join?link=${encodeURIComponent(invitationLink)}`;
