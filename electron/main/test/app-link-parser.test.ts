import { describe, expect, it } from 'vitest';
import { joinAppLink, openAppLink } from '../../../shared/links/app-link.ts';
import { openViewAppLink, viewAddress } from '../../../shared/links/view-link.ts';
import { appLinkInArgv, parseAppLink } from '../app-link-parser.ts';

const EXPERIMENT = 'https://tracking.example.com/team%20a/vision/0123456789abcdef0123456789abcdef';
const INVITATION = 'https://tracking.example.com/api/rest/v2/ext/invitations/info?token=Zk3x9_abcdefghijklmnopqrstuvwxyz-0123456';
const refusal = (raw: string) => {
  const parsed = parseAppLink(raw);
  return parsed.ok ? 'accepted' : parsed.reason;
};

describe('trackdesk:// links', () => {
  it('opens the Join dialog for the link the service page builds, on http or https, under a path prefix', () => {
    for (const invitation of [INVITATION, INVITATION.replace('https://', 'http://').replace('.com/', '.com:8080/tracking/')]) {
      expect(parseAppLink(joinAppLink(invitation))).toEqual({ ok: true, link: { route: 'join', invitationLink: invitation } });
    }
    expect(parseAppLink(`TRACKDESK://join/?link=${encodeURIComponent(INVITATION)}`)).toMatchObject({ ok: true });
  });

  it('refuses unknown routes and anything added to a join link', () => {
    const encoded = encodeURIComponent(INVITATION);
    expect(refusal(`trackdesk://delete?link=${encoded}`)).toBe('unknown route trackdesk://delete (only trackdesk://join and trackdesk://open are known)');
    expect(refusal(`trackdesk://constructor?link=${encoded}`)).toBe('unknown route trackdesk://constructor (only trackdesk://join and trackdesk://open are known)');
    expect(refusal(`trackdesk://join/more?link=${encoded}`)).toBe('unknown route trackdesk://join/more (only trackdesk://join and trackdesk://open are known)');
    expect(refusal(`trackdesk:join?link=${encoded}`)).toBe('unknown route trackdesk:join (only trackdesk://join and trackdesk://open are known)');
    expect(refusal(`trackdesk://join?link=${encoded}&then=delete`)).toBe('a trackdesk://join link holds one "link" and nothing else');
    expect(refusal(`trackdesk://join?link=${encoded}&link=${encoded}`)).toBe('a trackdesk://join link holds one "link" and nothing else');
    expect(refusal(`trackdesk://user:pw@join?link=${encoded}`)).toBe('a user, port or fragment is not part of any Trackdesk link');
    expect(refusal(`trackdesk://join?link=${encoded}#x`)).toBe('a user, port or fragment is not part of any Trackdesk link');
    expect(refusal(`https://join?link=${encoded}`)).toBe('not a trackdesk:// link');
    expect(refusal('not a link')).toBe('not an address');
    expect(refusal(`trackdesk://join?link=${'a'.repeat(13_000)}`)).toBe('the link is too long');
  });

  it('refuses a join link whose invitation is anything but the service invitation address with one token', () => {
    const join = (invitation: string) => refusal(joinAppLink(invitation));
    expect(join('file:///etc/passwd?token=aaaaaaaaaaaaaaaaaaaaaaaa')).toBe('an invitation link is http or https, not file:');
    expect(join('javascript:alert(1)//api/rest/v2/ext/invitations/info?token=aaaaaaaaaaaaaaaaaaaaaaaa')).toBe('an invitation link is http or https, not javascript:');
    expect(join(INVITATION.replace('https://', 'https://me:secret@'))).toBe('the invitation link carries a user name or password');
    expect(join(`${INVITATION}#frag`)).toBe('the invitation link has a fragment');
    expect(join(INVITATION.replace('ext/invitations/info', 'ext/users'))).toBe("the invitation link's path is not the service's /api/rest/v2/ext/invitations/info");
    expect(join(`${INVITATION}&redirect=https://elsewhere`)).toBe('the invitation link should hold one token and nothing else');
    expect(join(INVITATION.replace(/token=.*/, 'token=short'))).toBe('the invitation link should hold one token and nothing else');
    expect(join(INVITATION.replace(/token=.*/, 'token=<script>aaaaaaaaaaaaaaaaaaaaa'))).toBe('the invitation link should hold one token and nothing else');
    expect(join('')).toBe('the invitation link is not an address');
    expect(join(`https://a.example/${'x'.repeat(4000)}`)).toBe('the invitation link is longer than 4000 characters');
  });

  it('opens an experiment from the address the service gives the SDK, on http or https, under a path prefix', () => {
    for (const experiment of [EXPERIMENT, EXPERIMENT.replace('https://', 'http://').replace('.com/', '.com:8080/tracking/')]) {
      expect(parseAppLink(openAppLink(experiment))).toEqual({ ok: true, link: { route: 'open', experimentLink: experiment } });
    }
    expect(parseAppLink(`trackdesk://OPEN/?link=${encodeURIComponent(EXPERIMENT)}`)).toMatchObject({ ok: true });
  });

  it('refuses an open link whose experiment is anything but an experiment address', () => {
    const open = (experiment: string) => refusal(openAppLink(experiment));
    expect(refusal(`trackdesk://open?link=${encodeURIComponent(EXPERIMENT)}&then=delete`)).toBe('a trackdesk://open link holds one "link" or "view" and nothing else');
    expect(open('file:///a/b/0123456789abcdef')).toBe('an experiment link is http or https, not file:');
    expect(open('javascript:alert(1)//a/b/c')).toBe('an experiment link is http or https, not javascript:');
    expect(open(EXPERIMENT.replace('https://', 'https://me:secret@'))).toBe('the experiment link carries a user name or password');
    expect(open(`${EXPERIMENT}?redirect=https://elsewhere`)).toBe('an experiment link has no query or fragment');
    expect(open(`${EXPERIMENT}#frag`)).toBe('an experiment link has no query or fragment');
    expect(open('https://tracking.example.com/vision/0123456789abcdef')).toBe('an experiment link ends in /<workspace>/<project>/<experiment key>');
    expect(open('https://tracking.example.com/a/b/%3Cscript%3E')).toBe('the last part of the experiment link is not an experiment key');
    expect(open('https://tracking.example.com/a/%E0%A4%A/0123')).toBe('the experiment link is not encoded correctly');
    expect(open(`https://a.example/${'x'.repeat(4000)}`)).toBe('the experiment link is longer than 4000 characters');
    expect(open('')).toBe('the experiment link is not an address');
  });

  it('opens a saved view from the address "Copy link" makes, and refuses a view link that is no view address', () => {
    const address = viewAddress('https://tracking.example.com/team', '6f1c2d3e-view');
    expect(parseAppLink(openViewAppLink(address))).toEqual({ ok: true, link: { route: 'open', viewLink: address } });
    expect(refusal(openViewAppLink('https://tracking.example.com/admin/vision/0123456789abcdef'))).toBe('a view link ends in /analysis-views/<view id>');
    expect(refusal(`${openViewAppLink(address)}&link=x`)).toBe('a trackdesk://open link holds one "link" or "view" and nothing else');
  });

  it('finds the link in a command line (Windows and Linux hand it over as an argument)', () => {
    expect(appLinkInArgv(['/opt/Trackdesk/trackdesk', '--no-sandbox', 'trackdesk://join?link=x'])).toBe('trackdesk://join?link=x');
    expect(appLinkInArgv(['C:\\Trackdesk.exe', 'TrackDesk://join'])).toBe('TrackDesk://join');
    expect(appLinkInArgv(['/opt/Trackdesk/trackdesk', '--inspect'])).toBeUndefined();
  });
});
