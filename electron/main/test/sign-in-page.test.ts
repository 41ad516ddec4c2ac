import { describe, expect, it } from 'vitest';
import { isBrowsableSignInPage } from '../../../shared/security/sign-in-page.ts';

describe('isBrowsableSignInPage', () => {
  it('takes https pages, and http ones on this host only', () => {
    expect(isBrowsableSignInPage('https://id.example.com/authorize?client_id=x')).toBe(true);
    expect(isBrowsableSignInPage('http://127.0.0.1:8080/auth')).toBe(true);
    expect(isBrowsableSignInPage('http://localhost/auth')).toBe(true);
    expect(isBrowsableSignInPage('http://id.example.com/auth')).toBe(false);
  });

  it('refuses other schemes, credentials in the address and text that is no address', () => {
    for (const address of ['file:///etc/passwd', 'javascript:alert(1)', 'trackdesk://join?link=x', 'https://user:pw@id.example.com/', 'not a url', '']) {
      expect(isBrowsableSignInPage(address), address).toBe(false);
    }
  });
});
