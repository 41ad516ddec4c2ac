/**
 * `npm run server`: first restarts the process with the service's V8 flags (before any of the service's modules
 * is loaded, so they are loaded once), turns on Node's compile cache (later starts reuse the compiled, type-stripped
 * modules), then runs the command line.
 */
import { enableCompileCache } from 'node:module';
import { restartWithServiceNodeFlags } from './heap-settings.ts';

restartWithServiceNodeFlags();
enableCompileCache();
await import('./cli-commands.ts');
