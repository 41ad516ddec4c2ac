import { app, session, shell, type WebContents } from 'electron';
import { isAllowedExternalLink, isAllowedNavigation, isAllowedPermission, isAllowedRequest } from './security-policy.ts';

/** Denies permissions and outside requests for the default session, per the security policy. */
export function hardenSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => callback(isAllowedPermission(permission, details.requestingUrl)));
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isAllowedPermission(permission, requestingOrigin));
  ses.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isAllowedRequest(details.url) }));
}

/**
 * For every web contents the app ever creates: no webviews, no navigation away from the app, no new windows;
 * allow-listed https links (and the hosts of the user's profiles) open in the system browser instead.
 */
export function hardenWebContents(profileHosts: () => Promise<ReadonlySet<string>>): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.on('will-navigate', (event) => {
      if (!isAllowedNavigation(event.url)) event.preventDefault();
    });
    contents.on('will-frame-navigate', (event) => {
      if (!isAllowedNavigation(event.url)) event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) => {
      void profileHosts()
        .then((hosts) => (isAllowedExternalLink(url, hosts) ? shell.openExternal(url) : undefined))
        .catch((error: unknown) => console.error(`Trackdesk could not open ${url} in the browser:`, error));
      return { action: 'deny' };
    });
  });
}
