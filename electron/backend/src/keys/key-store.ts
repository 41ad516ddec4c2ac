import type { KeyStorage } from '../../../../shared/ipc/index.ts';
import { AppError } from '../ipc/app-error.ts';
import { deleteKeyFile, readKeyFile, writeKeyFile } from './key-file.ts';
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
 * when the user chose so or no keychain is reachable. The one exception is a key named in `keyFiles` (the local
 * service's key for scripts): without a keychain it is kept in its file in the data folder (mode 0600), like the local
 * service's own data, rather than lost at the next start. No other key is ever written to disk, and none is logged.
 */
export class KeyStore {
  private readonly keychain: Keychain;
  private readonly accountPrefix: () => Promise<string>;
  private readonly keyFiles: Readonly<Record<string, string>>;
  private readonly session = new Map<string, string>();
  private state: KeychainState = { available: true };

  constructor(keychain: Keychain, accountPrefix: () => Promise<string>, keyFiles: Readonly<Record<string, string>> = {}) {
    this.keychain = keychain;
    this.accountPrefix = accountPrefix;
    this.keyFiles = keyFiles;
  }

  /** The keychain's state as last seen (probing it once if it was never used). */
  async keychainState(): Promise<KeychainState> {
    await this.get('__probe__').catch(() => undefined);
    return { ...this.state };
  }

  /** The key of a profile: the session copy first, then the keychain, then its file; undefined when none has one. */
  async get(profileId: string): Promise<string | undefined> {
    return this.session.get(profileId) ?? (await this.fromKeychain(profileId)) ?? (await this.fromFile(profileId));
  }

  /** Where the key of a profile is kept right now. */
  async storage(profileId: string): Promise<KeyStorage> {
    if (this.session.has(profileId)) return 'session';
    if ((await this.fromKeychain(profileId)) !== undefined) return 'keychain';
    return (await this.fromFile(profileId)) === undefined ? 'missing' : 'dataFolder';
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
    await this.dropFile(profileId);
    return 'keychain';
  }

  /**
   * Stores a key in the keychain; when the keychain cannot take it, in its file if it has one (see `keyFiles`), else for
   * this session (used for the local service's keys).
   */
  async saveWithFallback(profileId: string, key: string): Promise<KeyStorage> {
    try {
      return await this.save(profileId, key, 'keychain');
    } catch {
      const file = this.keyFiles[profileId];
      if (file === undefined) return this.save(profileId, key, 'session');
      await writeKeyFile(file, key);
      this.session.delete(profileId);
      return 'dataFolder';
    }
  }

  /** Forgets the key of a profile everywhere. */
  async remove(profileId: string): Promise<void> {
    const wasSessionOnly = this.session.delete(profileId);
    const wasInFile = (await this.fromFile(profileId)) !== undefined;
    await this.dropFile(profileId);
    try {
      await this.keychain.delete(await this.account(profileId));
    } catch (error) {
      this.failed(error);
      // A session-only key never reached the keychain (saving it for the session already cleared any keychain copy),
      // and a key in its file was put there because the keychain could not take it: an unreachable keychain must not
      // block removing either.
      if (!wasSessionOnly && !wasInFile) throw unavailable(error);
    }
  }

  private async fromKeychain(profileId: string): Promise<string | undefined> {
    try {
      return this.seen(await this.keychain.get(await this.account(profileId)));
    } catch (error) {
      this.failed(error);
      return undefined;
    }
  }

  private async fromFile(profileId: string): Promise<string | undefined> {
    const file = this.keyFiles[profileId];
    return file === undefined ? undefined : readKeyFile(file);
  }

  private async dropFile(profileId: string): Promise<void> {
    const file = this.keyFiles[profileId];
    if (file !== undefined) await deleteKeyFile(file);
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
