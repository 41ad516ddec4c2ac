import type { SecretBox } from '../../database/secret-box.ts';
import type { Sql } from '../../database/sql.ts';
import { createOidcClient, type OidcClient } from './oidc-client.ts';
import type { SsoSettings } from './sso-settings.ts';
import { createSsoStore, type SsoStore } from './sso-store.ts';

/** Single sign-on's parts: its settings, the OpenID client and the store of identities and sign-ins in progress. */
export interface SsoServices {
  settings: SsoSettings;
  client: OidcClient;
  store: SsoStore;
}

/** Builds single sign-on's parts over a database (refresh tokens sealed by `secrets`). */
export function createSsoServices(sql: Sql, settings: SsoSettings, secrets: SecretBox): SsoServices {
  return { settings, client: createOidcClient(settings), store: createSsoStore(sql, secrets) };
}
