import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * Main, preload and the embedded service entry (the renderer is built by vite.config.ts into out/renderer).
 * `npm run build` runs both; no Electron binary is needed.
 */
export default defineConfig({
  main: {
    build: {
      outDir: path('./out/main'),
      rolldownOptions: {
        input: {
          index: path('./electron/main/index.ts'),
          // The local service, run by the app's binary in service mode as a background process of its own.
          embedded: path('./electron/backend/src/embedded/entry.ts'),
        },
        // Shared chunks sit beside the entries, so the service's `import.meta.dirname` is out/main wherever its code lands.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
    plugins: [
      {
        name: 'trackdesk:service-migrations',
        // The service reads its numbered SQL migrations from a directory beside its code.
        writeBundle() {
          cpSync(path('./server/src/database/migrations'), path('./out/main/migrations'), { recursive: true });
        },
      },
    ],
  },
  preload: {
    build: {
      outDir: path('./out/preload'),
      // A sandboxed preload can require nothing but electron: bundle zod and the contract, as CommonJS.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: path('./electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
});
