import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_START_URL,
  contentTypeFor,
  isAllowedExternalLink,
  isAllowedNavigation,
  isAllowedPermission,
  isAllowedRequest,
  isTrustedSender,
  resolveAppFile,
} from '../security-policy.ts';

describe('desktop security policy', () => {
  it('serves the app from app://trackdesk/, never file://', () => {
    expect(APP_START_URL).toBe('app://trackdesk/index.html');
  });

  it.each([
    ['app://trackdesk/index.html', true],
    ['app://trackdesk/experiments/123', true],
    ['app://evil/index.html', false],
    ['https://www.comet.com/', false],
    ['http://127.0.0.1:5171/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('navigation to %s allowed: %s', (url, allowed) => {
    expect(isAllowedNavigation(url)).toBe(allowed);
  });

  it.each([
    ['https://www.comet.com/docs/v2/', true],
    ['https://github.com/trackdesk/trackdesk/issues', true],
    ['http://www.comet.com/docs', false],
    ['https://www.comet.com.attacker.example/', false],
    ['https://user:pass@github.com/', false],
    ['https://attacker.example/', false],
    ['file:///home/user/.ssh/id_rsa', false],
    ['smb://share/x', false],
    ['javascript:alert(1)', false],
  ])('external link %s allowed: %s', (url, allowed) => {
    expect(isAllowedExternalLink(url)).toBe(allowed);
  });

  it("allows https links to the hosts of the user's own profiles", () => {
    const hosts = new Set(['tracking.example.org']);
    expect(isAllowedExternalLink('https://tracking.example.org/alice/project', hosts)).toBe(true);
    expect(isAllowedExternalLink('http://tracking.example.org/alice/project', hosts)).toBe(false);
    expect(isAllowedExternalLink('https://other.example.org/', hosts)).toBe(false);
  });

  it.each(['media', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen', 'hid', 'serial', 'usb', 'unknown'])(
    'denies the %s permission',
    (permission) => expect(isAllowedPermission(permission, 'app://trackdesk/index.html')).toBe(false),
  );

  it('grants writing plain text to the clipboard and showing notifications (run alerts), to the app’s own pages only', () => {
    for (const permission of ['clipboard-sanitized-write', 'notifications']) {
      expect(isAllowedPermission(permission, 'app://trackdesk/index.html')).toBe(true);
      expect(isAllowedPermission(permission, 'app://trackdesk')).toBe(true);
      expect(isAllowedPermission(permission, 'https://tracking.example.org/')).toBe(false);
      expect(isAllowedPermission(permission, 'app://evil/index.html')).toBe(false);
    }
  });

  it.each([
    ['app://trackdesk/assets/index-1a2b.js', true],
    ['data:image/png;base64,AAAA', true],
    ['blob:app://trackdesk/5f2c', true],
    ['devtools://devtools/bundled/inspector.html', true],
    ['https://www.comet.com/api/rest/v2/workspaces', false],
    ['http://127.0.0.1:40000/api/rest/v2/workspaces', false],
    ['ws://127.0.0.1:9222/', false],
    ['file:///etc/hosts', false],
  ])('renderer request to %s allowed: %s', (url, allowed) => {
    expect(isAllowedRequest(url)).toBe(allowed);
  });

  it('answers ipc only from the top frame of the app window showing the app', () => {
    const trusted = { url: 'app://trackdesk/index.html', isMainFrame: true, isAppWindow: true };
    expect(isTrustedSender(trusted)).toBe(true);
    expect(isTrustedSender({ ...trusted, isMainFrame: false })).toBe(false);
    expect(isTrustedSender({ ...trusted, isAppWindow: false })).toBe(false);
    expect(isTrustedSender({ ...trusted, url: 'https://attacker.example/' })).toBe(false);
    expect(isTrustedSender({ ...trusted, url: 'file:///tmp/page.html' })).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
  });

  it('maps app URLs to files inside the renderer directory only', () => {
    const root = '/opt/trackdesk/out/renderer';
    expect(resolveAppFile(root, 'app://trackdesk/')).toBe(join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://trackdesk/assets/index.js?v=1')).toBe(join(root, 'assets/index.js'));
    // The URL parser removes dot segments (also %2e%2e) before the path is seen: these stay inside the directory.
    expect(resolveAppFile(root, 'app://trackdesk/../../../etc/passwd')).toBe(join(root, 'etc/passwd'));
    expect(resolveAppFile(root, 'app://trackdesk/%2e%2e/%2e%2e/etc/passwd')).toBe(join(root, 'etc/passwd'));
    // Encoded slashes survive parsing; decoded they would climb out, so they are refused.
    expect(resolveAppFile(root, 'app://trackdesk/assets/%2e%2e%2f%2e%2e%2fsecret')).toBeUndefined();
    expect(resolveAppFile(root, 'app://trackdesk/a%00b')).toBeUndefined();
    expect(resolveAppFile(root, 'app://trackdesk/%E0%A4%A')).toBeUndefined();
    expect(resolveAppFile(root, 'app://other/index.html')).toBeUndefined();
  });

  it('sends the right content types', () => {
    expect(contentTypeFor('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('/x/assets/app.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('/x/unknown.bin')).toBe('application/octet-stream');
  });
});
