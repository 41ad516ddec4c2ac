import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import type { ProfileView } from '../../../shared/ipc/index.ts';
import { ActiveProfileProvider } from '../lib/profiles.tsx';
import { ConfirmProvider } from './confirm.tsx';
import { NotifyProvider } from './notify.tsx';
import { ShortcutProvider } from './shortcuts.tsx';

afterEach(cleanup);

/** The embedded profile as component tests see it. */
export const localProfile: ProfileView = { id: 'embedded', name: 'Local', baseUrl: 'http://127.0.0.1:5170', kind: 'embedded', keyStorage: 'keychain' };

/** Renders a component inside the providers the shell gives every screen (no backend: only what needs none runs). */
export function renderInShell(element: ReactElement, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })): RenderResult & { client: QueryClient } {
  const result = render(
    <QueryClientProvider client={client}>
      <NotifyProvider>
        <ConfirmProvider>
          <ShortcutProvider>
            <ActiveProfileProvider profile={localProfile}>{element}</ActiveProfileProvider>
          </ShortcutProvider>
        </ConfirmProvider>
      </NotifyProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
