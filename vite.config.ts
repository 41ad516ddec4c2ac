import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * random-js (under ml-random-forest) names Node's `crypto` in an engine the renderer never uses (it uses the
 * browser's `crypto.getRandomValues`): answer that name with an empty module instead of a warning at every build.
 */
const noNodeCrypto = (): Plugin => ({
  name: 'trackdesk-no-node-crypto',
  enforce: 'pre',
  resolveId: (id) => (id === 'crypto' ? '\0no-node-crypto' : null),
  load: (id) => (id === '\0no-node-crypto' ? 'export default {};' : null),
});

/** Builds the renderer into out/renderer, served by both shells. */
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [noNodeCrypto(), react()],
  // The importance panel's random forest runs in a worker, built with its own plugins.
  worker: { plugins: () => [noNodeCrypto()] },
  build: {
    outDir: fileURLToPath(new URL('./out/renderer', import.meta.url)),
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    // The app loads its code from this machine (the desktop window's protocol or the shell on 127.0.0.1), not over a
    // network: the main chunk (React, MUI, the charts) is about 1 MB and splitting it would not start the app sooner.
    chunkSizeWarningLimit: 2048,
  },
});
