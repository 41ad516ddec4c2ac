import { AsyncEntry } from '@napi-rs/keyring';

/** The keychain service name every Trackdesk entry is stored under. */
export const KEYCHAIN_SERVICE = 'Trackdesk';

/** Thrown when the OS keychain cannot be reached (e.g. Linux without a Secret Service). */
export class KeychainUnavailableError extends Error {
  constructor(detail: string) {
    super(`The system keychain cannot be reached (${detail}).`);
    this.name = 'KeychainUnavailableError';
  }
}

/** The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service) through @napi-rs/keyring. */
export class Keychain {
  private readonly service: string;

  constructor(service = KEYCHAIN_SERVICE) {
    this.service = service;
  }

  /** The secret stored for `account`, or undefined when there is none. */
  async get(account: string): Promise<string | undefined> {
    return (await this.attempt(() => new AsyncEntry(this.service, account).getPassword())) ?? undefined;
  }

  /** Stores `secret` for `account`, replacing any earlier one. */
  async set(account: string, secret: string): Promise<void> {
    await this.attempt(() => new AsyncEntry(this.service, account).setPassword(secret));
  }

  /** Deletes the entry for `account`; true when one existed. */
  async delete(account: string): Promise<boolean> {
    return this.attempt(() => new AsyncEntry(this.service, account).deleteCredential());
  }

  private async attempt<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new KeychainUnavailableError(describe(error));
    }
  }
}

/** The library's reason, without anything that could be a secret (it never includes one, but stay short). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.slice(0, 200) || 'no reason given';
}
