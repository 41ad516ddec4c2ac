import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_USER, ensureUser, generateApiKey, registerApiKey } from '../accounts/index.ts';
import type { Services } from './services.ts';

/** The file a generated admin key is written to (mode 0600). */
export const adminKeyFile = (dataDir: string): string => join(dataDir, 'admin-api-key');

/** What the first start did: nothing on later starts. */
export interface BootstrapResult {
  /** A key generated on this start (also written to `admin-api-key`), to print once. */
  generatedAdminKey?: string;
  adminKeyFile?: string;
}

/**
 * On first start (no users yet) registers the admin user, its default workspace and an API key:
 * `bootstrapApiKey` when given, else a random key written to `<data-dir>/admin-api-key` (0600).
 */
export async function bootstrapAdmin(services: Services, bootstrapApiKey: string | undefined): Promise<BootstrapResult> {
  return services.sql.transaction(async (): Promise<BootstrapResult> => {
    if (await services.users.count() > 0) return {};
    const now = services.now();
    const admin = await ensureUser(services, ADMIN_USER, true, now);
    const key = bootstrapApiKey ?? generateApiKey();
    const prefix = await registerApiKey(services.users, admin.id, key, now);
    await services.audit.record(undefined, { workspaceId: null, action: 'key.created', target: prefix, after: { userName: admin.name } }, now);
    if (bootstrapApiKey !== undefined) return {};
    const file = adminKeyFile(services.config.dataDir);
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
    return { generatedAdminKey: key, adminKeyFile: file };
  });
}
