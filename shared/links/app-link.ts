/** The URL scheme the desktop app registers with the operating system: `trackdesk://…`. */
export const APP_SCHEME = 'trackdesk';

/** What a `trackdesk://` link may ask of the app (join with an invitation, open an experiment or a saved view); nothing else exists. */
export type AppLink = { route: 'join'; invitationLink: string } | { route: 'open'; experimentLink: string } | { route: 'open'; viewLink: string };

/** The `trackdesk://join?link=…` link that opens the app's Join dialog with an invitation link. */
export const joinAppLink = (invitationLink: string): string => `${APP_SCHEME}://join?link=${encodeURIComponent(invitationLink)}`;

/** The `trackdesk://open?link=…` link that opens an experiment (its address as the service gives it to the SDK) in the app. */
export const openAppLink = (experimentLink: string): string => `${APP_SCHEME}://open?link=${encodeURIComponent(experimentLink)}`;
