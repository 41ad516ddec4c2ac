import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { adoptShellToken } from './shell-access.ts';
import { prefetchScreens } from './shell/routes.tsx';

// The browser shell's token leaves the address bar before anything else reads or rewrites the address.
adoptShellToken();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The other screens' chunks arrive after the first screen is up, so opening one later does not wait for the network.
requestIdleCallback(prefetchScreens);
