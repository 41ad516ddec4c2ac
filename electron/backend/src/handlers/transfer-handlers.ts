import { resolve } from 'node:path';
import type { ChosenFiles } from '../files/chosen-files.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ClientOptions } from '../client/target.ts';
import { AppError } from '../ipc/app-error.ts';
import type { Handlers } from '../ipc/dispatch.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import type { TransferQueue } from '../transfers.ts';

/** Native file dialogs, provided by the desktop shell (the browser shell has none). */
export interface FileDialogs {
  chooseOpen(options: { title?: string | undefined; multiple: boolean }): Promise<string[]>;
  chooseSave(options: { title?: string | undefined; defaultName?: string | undefined }): Promise<string | null>;
  /** A folder (the desktop window's folder dialog). */
  chooseFolder?(options: { title?: string | undefined }): Promise<string | null>;
}

/**
 * Uploads, downloads and file dialogs. Where the shell has native dialogs, transfers only touch files the user chose
 * in one during this session, so a compromised page cannot read or write other files by naming a path.
 */
export function transferHandlers(
  profiles: ProfileService,
  queue: TransferQueue,
  clientOptions: Partial<ClientOptions>,
  dialogs: FileDialogs | undefined,
  chosen: ChosenFiles,
): Pick<Handlers, 'transfers.upload' | 'transfers.download' | 'transfers.cancel' | 'files.chooseOpen' | 'files.chooseSave'> {
  const allowed = (filePath: string) => (dialogs ? chosen.require(filePath) : resolve(filePath));
  const clientFor = async (profileId: string | undefined) => new ServiceClient(await profiles.target(profileId), clientOptions);
  const noDialogs = () => new AppError('unsupported', 'File dialogs exist only in the desktop window; type the file path instead.');
  return {
    'transfers.upload': async ({ transferId, endpoint, query, filePath, fields, profileId }) => {
      const path = allowed(filePath);
      // Queued at once (before any await), so a cancel sent right after the upload always finds it.
      return queue.run(transferId, 'upload', async (signal, onProgress) =>
        (await clientFor(profileId)).upload(endpoint, { query, filePath: path, fields, signal, onProgress }),
      );
    },
    'transfers.download': async ({ transferId, endpoint, query, filePath, profileId }) => {
      const path = allowed(filePath);
      const { bytes } = await queue.run(transferId, 'download', async (signal, onProgress) =>
        (await clientFor(profileId)).download(endpoint, { query, filePath: path, signal, onProgress }),
      );
      return { filePath: path, bytes };
    },
    'transfers.cancel': async ({ transferId }) => ({ cancelled: queue.cancel(transferId) }),
    'files.chooseOpen': async (input) => {
      if (!dialogs) throw noDialogs();
      return { paths: chosen.add(await dialogs.chooseOpen(input)) };
    },
    'files.chooseSave': async (input) => {
      if (!dialogs) throw noDialogs();
      const path = await dialogs.chooseSave(input);
      return { path: path === null ? null : (chosen.add([path])[0] ?? null) };
    },
  };
}
