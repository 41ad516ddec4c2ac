import { issueApiKey, listApiKeys, revokeApiKeys } from '../accounts/index.ts';
import type { StorageLocation } from '../database/open-storage.ts';

const iso = (millis: number | null) => (millis === null ? '-' : new Date(millis).toISOString());

/** `keys create --user <name>`, `keys list`, `keys revoke <prefix>` against the service's database (SQLite or PostgreSQL). */
export async function runKeysCommand(args: string[], options: StorageLocation & { user: string | undefined }): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'create' && rest.length === 0) {
    if (!options.user) throw new Error('keys create needs --user <name>.');
    const issued = await issueApiKey({ ...options, userName: options.user });
    process.stdout.write(`${issued.apiKey}\n`);
    process.stderr.write(`API key for user "${issued.userName}" (prefix ${issued.prefix}); it is shown only this once.\n`);
    return;
  }
  if (action === 'list' && rest.length === 0) {
    const keys = await listApiKeys(options);
    process.stdout.write('PREFIX    USER                 CREATED                   REVOKED\n');
    for (const key of keys) {
      process.stdout.write(`${key.prefix.padEnd(10)}${key.userName.padEnd(21)}${iso(key.createdAt).padEnd(26)}${iso(key.revokedAt)}\n`);
    }
    return;
  }
  if (action === 'revoke' && rest.length === 1 && rest[0]) {
    const revoked = await revokeApiKeys(options, rest[0]);
    if (revoked === 0) throw new Error(`No live key starts with "${rest[0]}".`);
    process.stdout.write(`Revoked ${revoked} key${revoked === 1 ? '' : 's'}.\n`);
    return;
  }
  throw new Error('Usage: keys create --user <name> | keys list | keys revoke <prefix>');
}
