// `npm start`'s entry, in plain JavaScript on purpose: the compile cache is on before the first TypeScript module loads,
// so a start whose modules are all cached (every start after the first) never loads Node's type stripper.
import { enableCompileCache } from 'node:module';

const { directory } = enableCompileCache();
// The local service it starts inherits the variable, and with it the same cache.
if (directory && !process.env.NODE_COMPILE_CACHE) process.env.NODE_COMPILE_CACHE = directory;
await import('./start.ts');
