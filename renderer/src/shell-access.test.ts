import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (its token is per page load). */
const freshModule = async () => {
  vi.resetModules();
  return import('./shell-access.ts');
};

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the browser shell token in the page', () => {
  it('is taken from the address once, removed from it (other parameters kept), kept for the tab and sent as a header', async () => {
    window.history.replaceState(null, '', '/?token=abc123&open=run#/projects');
    const { adoptShellToken, shellHeaders } = await freshModule();
    adoptShellToken();
    expect(window.location.search).toBe('?open=run');
    expect(window.location.hash).toBe('#/projects');
    expect(sessionStorage.getItem('trackdesk.shellToken')).toBe('abc123');
    expect(document.cookie).toBe('');
    expect(shellHeaders({ 'content-type': 'application/json' })).toEqual({ 'content-type': 'application/json', 'x-trackdesk-token': 'abc123' });
  });

  it('comes from the tab after a reload, whose address no longer carries it', async () => {
    sessionStorage.setItem('trackdesk.shellToken', 'kept');
    window.history.replaceState(null, '', '/#/projects');
    const { shellHeaders } = await freshModule();
    expect(shellHeaders()).toEqual({ 'x-trackdesk-token': 'kept' });
  });

  it('is absent (no header at all) where the page was opened without it', async () => {
    const { shellHeaders } = await freshModule();
    expect(shellHeaders({ accept: 'text/event-stream' })).toEqual({ accept: 'text/event-stream' });
  });
});
