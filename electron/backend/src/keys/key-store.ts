import type { KeyStorage } from '../../../../shared/ipc/index.ts';
import { AppError } from '../ipc/app-error.ts';
import { KeychainUnavailableError, type Keychain } from './keychain.ts';

/** Where to keep a key: the OS keychain, or this process's memory only. */
type KeyStorageChoice = 'keychain' | 'session';

/** Whether the keychain answered the last time it was used. */
interface KeychainState {
  available: boolean;
  message?: string;
}

/**
 * API keys per profile: in the OS keychain (account `<installationId>/<profileId>`), or in memory for this session
 * when the user chose so or no keychain is reachable. Keys are never written to disk or logged by this module.
 */
export class KeyStore {
  private readonly keychain: Keychain;
  private readonly accountPrefix: () => Promise<string>;
  private readonly session = new Map<string, string>();
  private state: KeychainState = { available: true };

  constructor(keychain: Keychain, accountPrefix: () => Promise<string>) {
    this.keychain = keychain;
    this.accountPrefix = accountPrefix;
  }

  /** The keychain's state as last seen (probing it once if it was never used). */
  async keychainState(): Promise<KeychainState> {
    await this.get('__probe__').catch(() => undefined);
    return { ...this.state };
  }

  /** The key of a profile: the session copy first, then the keychain; undefined when neither has one. */
  async get(profileId: string): Promise<string | undefined> {
    const inSession = this.session.get(profileId);
    if (inSession !== undefined) return inSession;
    try {
      return this.seen(await this.keychain.get(await this.account(profileId)));
    } catch (error) {
      this.failed(error);
      return undefined;
    }
  }

  /** Where the key of a profile is kept right now. */
  async storage(profileId: string): Promise<KeyStorage> {
    if (this.session.has(profileId)) return 'session';
    return (await this.get(profileId)) === undefined ? 'missing' : 'keychain';
  }

  /** Stores a key; with `keychain` it throws `keychain_unavailable` when the keychain cannot take it. */
  async save(profileId: string, key: string, choice: KeyStorageChoice): Promise<KeyStorage> {
    if (choice === 'session') {
      this.session.set(profileId, key);
      await this.keychain.delete(await this.account(profileId)).catch((error: unknown) => this.failed(error));
      return 'session';
    }
    try {
      await this.keychain.set(await this.account(profileId), key);
      this.seen(undefined);
    } catch (error) {
      this.failed(error);
      throw unavailable(error);
    }
    this.session.delete(profileId);
    return 'keychain';
  }

  /** Stores a key in the keychain, or for this session when the keychain cannot take it (used for the embedded key). */
  async saveWithFallback(profileId: string, key: string): Promise<KeyStorage> {
    try {
      return await this.save(profileId, key, 'keychain');
    } catch {
      return this.save(profileId, key, 'session');
    }
  }

  /** Forgets the key of a profile everywhere. */
  async remove(profileId: string): Promise<void> {
    const wasSessionOnly = this.session.delete(profileId);
    try {
      await this.keychain.delete(await this.account(profileId));
    } catch (error) {
      this.failed(error);
      // A session-only key never reached the keychain (saving it for the session already cleared any keychain copy),
      // so an unreachable keychain must not block removing it.
      if (!wasSessionOnly) throw unavailable(error);
    }
  }

  private async account(profileId: string): Promise<string> {
    return `${await this.accountPrefix()}/${profileId}`;
  }

  private seen<T>(value: T): T {
    this.state = { available: true };
    return value;
  }

  private failed(error: unknown): void {
    if (error instanceof KeychainUnavailableError) this.state = { available: false, message: error.message };
    else throw error;
  }
}

/** The `keychain_unavailable` error the renderer turns into "keep the key for this session only?". */
function unavailable(error: unknown): AppError {
  const reason = error instanceof Error ? error.message : 'The system keychain cannot be reached.';
  return new AppError(
    'keychain_unavailable',
    `${reason} Trackdesk can keep this key for this session only (it is never written to disk); you would enter it again next time.`,
  );
}
