import { generateApiKey, registerApiKey } from './keys.ts';
import type { AuditActor } from './audit-store.ts';
import type { AccountServices } from './services.ts';
import type { User } from './user-store.ts';

/** A key just made for a user: the key itself is in this answer only. */
export interface DeviceKey {
  apiKey: string;
  prefix: string;
  name: string;
  readOnly: boolean;
  userName: string;
}

/** Makes a named key for a user with its audit entry, in one transaction (a savepoint inside the caller's). */
export function issueDeviceKey(
  services: Pick<AccountServices, 'sql' | 'now' | 'users' | 'audit'>,
  user: Pick<User, 'id' | 'name'>,
  key: { name: string; readOnly: boolean },
  by: AuditActor,
): Promise<DeviceKey> {
  return services.sql.transaction(async () => {
    const now = services.now();
    const apiKey = generateApiKey();
    const prefix = await registerApiKey(services.users, user.id, apiKey, now, key);
    await services.audit.record({ keyPrefix: prefix, ...by }, { workspaceId: null, action: 'key.created', target: prefix, after: { userName: user.name, ...key } }, now);
    return { apiKey, prefix, ...key, userName: user.name };
  });
}
