// The desktop preload bridge is replaced by a scripted one here: a machine without a keychain cannot be made on demand
// under the renderer's test runner (the backend's own tests start one for real: script-key-without-keychain.test.ts).
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelOutput, Envelope, ScriptSettings } from '../../../../shared/ipc/index.ts';
import type { TrackdeskBridge } from '../../bridge.ts';
import { KeychainNotice } from '../../lib/key-storage.tsx';
import { renderInShell } from '../../shell/testing.tsx';
import { LogFromCodePanel } from './log-from-code-panel.tsx';

afterEach(() => {
  delete window.trackdesk;
});

const noKeychain: ChannelOutput<'profiles.list'>['keychain'] = { available: false, message: 'The system keychain cannot be reached (no Secret Service).' };

/** A backend without a keychain whose local service keeps its key for scripts in the data folder. */
function withoutKeychain(settings: ScriptSettings): TrackdeskBridge {
  return {
    invoke: async (channel) => {
      if (channel === 'scripts.settings') return { ok: true, data: settings } as Envelope<unknown>;
      if (channel === 'profiles.list') return { ok: true, data: { profiles: [], activeProfileId: 'local', keychain: noKeychain } } as Envelope<unknown>;
      throw new Error(`unexpected channel ${channel}`);
    },
    on: () => () => undefined,
    acceptDroppedFiles: async () => [],
  };
}

const localSettings: ScriptSettings = {
  profileId: 'local',
  url: 'http://127.0.0.1:5170/clientlib/',
  keyKind: 'dedicated',
  keyReady: true,
  keyStorage: 'dataFolder',
  canCopy: true,
  defaultConfigPath: '/home/me/.comet.config',
};

describe('the panel for scripts without a keychain', () => {
  it('says where the key is kept and shows the same notice as the Connections screen', async () => {
    const alone = render(<KeychainNotice keychain={noKeychain} />);
    const connectionsNotice = alone.container.textContent ?? '';
    alone.unmount();
    expect(connectionsNotice).toContain('The OS keychain is not available');
    window.trackdesk = withoutKeychain(localSettings);
    renderInShell(<LogFromCodePanel profileId="local" />);
    expect(await screen.findByText('A key for scripts is ready (in Trackdesk’s data folder, readable by you only).')).toBeTruthy();
    expect((await screen.findByRole('note')).textContent).toBe(connectionsNotice);
    expect(document.body.textContent).not.toContain('system keychain)');
  });

  it("names where a remote connection's own key is kept", async () => {
    window.trackdesk = withoutKeychain({ ...localSettings, profileId: 'team', keyKind: 'profile', keyStorage: 'session' });
    renderInShell(<LogFromCodePanel profileId="team" />);
    expect(await screen.findByText('Scripts use this connection’s API key (this session only).')).toBeTruthy();
  });
});
