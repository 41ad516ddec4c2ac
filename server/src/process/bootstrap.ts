import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ADMIN_USER, ensureUser, generateApiKey, hashPassword, registerApiKey } from '../accounts/index.ts';
import type { Services } from './services.ts';

/** The file a generated admin key is written to (mode 0600). */
export const adminKeyFile = (dataDir: string): string => join(dataDir, 'admin-api-key');
/** The file a generated admin password is written to (mode 0600). */
export const adminPasswordFile = (dataDir: string): string => join(dataDir, 'admin-password');

/** What the first start did: nothing on later starts. */
export interface BootstrapResult {
  /** A key generated on this start (also written to `admin-api-key`), to print once. */
  generatedAdminKey?: string;
  adminKeyFile?: string;
  /** A password generated on this start (also written to `admin-password`), to print once. */
  generatedAdminPassword?: string;
}

/**
 * On first start (no users yet) registers the admin user (a service admin), its default workspace and an API key:
 * `bootstrapApiKey` when given, else a random key written to `<data-dir>/admin-api-key` (0600). With
 * `bootstrapPassword` the admin also gets a password: that one, or for 'generate' a random one written to
 * `<data-dir>/admin-password` (0600); the standalone service asks for one, the embedded one (one user, no sign-in)
 * does not.
 */
export async function bootstrapAdmin(services: Services, bootstrapApiKey: string | undefined, bootstrapPassword?: string): Promise<BootstrapResult> {
  if (await services.users.count() > 0) return {};
  const password = bootstrapPassword === 'generate' ? randomBytes(15).toString('base64url') : bootstrapPassword;
  const passwordHash = password === undefined ? null : await hashPassword(password);
  return services.sql.transaction(async (): Promise<BootstrapResult> => {
    if (await services.users.count() > 0) return {};
    const now = services.now();
    const admin = await ensureUser(services, ADMIN_USER, true, now);
    if (passwordHash !== null) await services.users.setPasswordHash(admin.id, passwordHash);
    const key = bootstrapApiKey ?? generateApiKey();
    const prefix = await registerApiKey(services.users, admin.id, key, now, { name: 'bootstrap' });
    await services.audit.record(undefined, { workspaceId: null, action: 'key.created', target: prefix, after: { userName: admin.name, name: 'bootstrap' } }, now);
    const result: BootstrapResult = {};
    if (bootstrapPassword === 'generate' && password !== undefined) {
      writeFileSync(adminPasswordFile(services.config.dataDir), `${password}\n`, { mode: 0o600 });
      result.generatedAdminPassword = password;
    }
    if (bootstrapApiKey !== undefined) return result;
    const file = adminKeyFile(services.config.dataDir);
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
    return { ...result, generatedAdminKey: key, adminKeyFile: file };
  });
}
