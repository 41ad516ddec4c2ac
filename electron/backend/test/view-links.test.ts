import { describe, expect, it } from 'vitest';
import { openViewAppLink, viewAddress } from '../../../shared/links/view-link.ts';
import { parseViewAddress } from '../src/view-links.ts';

describe('saved view addresses', () => {
  it('reads back the service and view id of the address "Copy link" makes, under any prefix the service is mounted at', () => {
    for (const baseUrl of ['http://127.0.0.1:4100', 'https://tracking.example.com/team/']) {
      const parsed = parseViewAddress(viewAddress(baseUrl, '0f9e-view-1'));
      expect(parsed).toEqual({ ok: true, address: { baseUrl: baseUrl.replace(/\/$/, ''), viewId: '0f9e-view-1' } });
    }
    const appLink = new URL(openViewAppLink(viewAddress('http://127.0.0.1:4100', 'v1')));
    expect(`${appLink.protocol}//${appLink.host}`).toBe('trackdesk://open');
    expect(appLink.searchParams.get('view')).toBe('http://127.0.0.1:4100/analysis-views/v1');
  });

  it('refuses what is no view address, with the reason', () => {
    const reasons = ['ftp://host/analysis-views/v1', 'https://host/admin/vision/0123456789abcdef', 'https://u:p@host/analysis-views/v1', 'https://host/analysis-views/v1?x=1', 'not a link'].map(
      (text) => {
        const parsed = parseViewAddress(text);
        return parsed.ok ? 'accepted' : parsed.reason;
      },
    );
    expect(reasons).toEqual([
      'a view link is http or https, not ftp:',
      'a view link ends in /analysis-views/<view id>',
      'a view link has no user name, query or fragment',
      'a view link has no user name, query or fragment',
      'the view link is not an address',
    ]);
  });
});
