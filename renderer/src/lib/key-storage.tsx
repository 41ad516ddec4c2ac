import { Alert, AlertTitle } from '@mui/material';
import type { ChannelOutput, KeyStorage } from '../../../shared/ipc/index.ts';

/** Where a key is kept, in the words every screen uses (the Connections table, the panel for scripts). */
export function describeKeyStorage(storage: KeyStorage): string {
  switch (storage) {
    case 'keychain':
      return 'In the OS keychain';
    case 'session':
      return 'This session only';
    case 'dataFolder':
      return 'In Trackdesk’s data folder, readable by you only';
    case 'missing':
      return 'No key stored';
  }
}

/** The same words in the middle of a sentence. */
export const keyStorageInSentence = (storage: KeyStorage): string => describeKeyStorage(storage).replace(/^./, (first) => first.toLowerCase());

/** What `profiles.list` says of the keychain. */
type KeychainState = ChannelOutput<'profiles.list'>['keychain'];

/**
 * What happens to keys while the OS keychain is unavailable: the one notice the Connections screen and the panel for
 * scripts both show, so they never disagree. Nothing when the keychain answers.
 */
export function KeychainNotice({ keychain }: { keychain: KeychainState | undefined }) {
  if (!keychain || keychain.available) return null;
  return (
    // A standing note rather than an alert: it describes the machine, it does not report what was just done.
    <Alert severity="warning" role="note" sx={{ mb: 2 }}>
      <AlertTitle>The OS keychain is not available</AlertTitle>
      {keychain.message ? `${keychain.message} ` : ''}The API keys of connections can be kept for this session only: you will
      need to sign in or enter them again after Trackdesk restarts. The local service’s key for scripts is kept in
      Trackdesk’s data folder instead, readable by you only, beside the local service’s own data.
    </Alert>
  );
}
