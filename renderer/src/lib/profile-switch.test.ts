// The desktop preload bridge is replaced by a scripted one: the orders below (an answer held until another call was
// made) cannot be produced on demand with the real backend.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it } from 'vitest';
import { profilesQueryKey, readProfileList, switchActiveProfile, type ProfileList } from './profile-switch.ts';

afterEach(() => {
  delete window.trackdesk;
});

/** A backend whose answers wait until the test lets each go, in any order; it records what reached it. */
function heldBackend() {
  let active = 'embedded';
  const reached: string[] = [];
  const waiting: { channel: string; release: () => void }[] = [];
  window.trackdesk = {
    invoke: (channel, input) => {
      reached.push(channel === 'profiles.setActive' ? `setActive ${(input as { id: string }).id}` : channel);
      // The backend acts when the call reaches it; only the answer waits.
      if (channel === 'profiles.setActive') active = (input as { id: string }).id;
      const data = channel === 'profiles.list' ? { profiles: [], activeProfileId: active, keychain: { available: true } } : { activeProfileId: active };
      return new Promise((resolve) => waiting.push({ channel, release: () => resolve({ ok: true, data }) }));
    },
    on: () => () => {},
    acceptDroppedFiles: async () => [],
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    reached,
    /** Lets the oldest answer still waiting on `channel` go, and lets the renderer take it. */
    release: async (channel: string) => {
      const index = waiting.findIndex((call) => call.channel === channel);
      waiting.splice(index, 1)[0]?.release();
      await settle();
    },
    settle,
  };
}

it('sends a switch asked for while another is on its way after that one, and only the last sets the active connection', async () => {
  const backend = heldBackend();
  const client = new QueryClient();
  client.setQueryData<ProfileList>(profilesQueryKey, { profiles: [], activeProfileId: 'embedded', keychain: { available: true } });
  const first = switchActiveProfile(client, 'team');
  const second = switchActiveProfile(client, 'staging');
  await backend.settle();
  expect(backend.reached).toEqual(['setActive team']);
  await backend.release('profiles.setActive');
  expect(backend.reached).toEqual(['setActive team', 'setActive staging']);
  expect(client.getQueryData<ProfileList>(profilesQueryKey)?.activeProfileId).toBe('embedded');
  await backend.release('profiles.setActive');
  expect(await first).toBe(false);
  expect(await second).toBe(true);
  expect(client.getQueryData<ProfileList>(profilesQueryKey)?.activeProfileId).toBe('staging');
});

it('reads the list again when a switch was asked for while it read, so the older answer never comes out', async () => {
  const backend = heldBackend();
  const client = new QueryClient();
  const read = readProfileList();
  await backend.settle();
  const switched = switchActiveProfile(client, 'team');
  await backend.settle();
  await backend.release('profiles.list');
  await backend.release('profiles.setActive');
  expect(await switched).toBe(true);
  await backend.release('profiles.list');
  expect((await read).activeProfileId).toBe('team');
  expect(backend.reached).toEqual(['profiles.list', 'setActive team', 'profiles.list']);
});
