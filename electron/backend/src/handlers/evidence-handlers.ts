import { createHash } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { openBinary } from '../client/binary-stream.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ClientOptions } from '../client/target.ts';
import type { ChosenFiles } from '../files/chosen-files.ts';
import { writeFailure } from '../files/write-failure.ts';
import { AppError } from '../ipc/app-error.ts';
import type { Handlers } from '../ipc/dispatch.ts';
import type { ProfileService } from '../profiles/profile-service.ts';

/** Streams one asset from the service into a SHA-256 hash (never held whole in memory). */
async function digestOf(client: ServiceClient, experimentKey: string, assetId: string): Promise<{ assetId: string; sha256: string; bytes: number }> {
  const opened = await openBinary(client.target, 'downloadAsset', { query: { experimentKey, assetId } }, client.options);
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of opened.body) {
      bytes += chunk.byteLength;
      hash.update(chunk);
    }
  } catch {
    throw new AppError('unreachable', `The service stopped sending asset ${assetId} midway: check the connection and try again.`);
  }
  return { assetId, sha256: hash.digest('hex'), bytes };
}

/**
 * `assets.digests` and `files.saveText`. A text is only written to a file the user chose in a native dialog during this session,
 * so a compromised page cannot overwrite other files by naming a path; the browser shell (no dialogs) downloads instead.
 */
export function evidenceHandlers(
  profiles: ProfileService,
  clientOptions: Partial<ClientOptions>,
  chosen: ChosenFiles | undefined,
): Pick<Handlers, 'assets.digests' | 'files.saveText'> {
  return {
    'assets.digests': async ({ experimentKey, assetIds, profileId }) => {
      const client = new ServiceClient(await profiles.target(profileId), clientOptions);
      const digests = [];
      for (const assetId of assetIds) digests.push(await digestOf(client, experimentKey, assetId));
      return { digests };
    },
    'files.saveText': async ({ filePath, text }) => {
      if (!chosen) throw new AppError('unsupported', 'Saving to a chosen file exists only in the desktop window; the browser shell downloads the file instead.');
      const path = chosen.require(filePath);
      const temporary = join(dirname(path), `.${process.pid}-${Date.now()}.trackdesk-part`);
      const bytes = Buffer.from(text, 'utf8');
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw writeFailure(path, error);
      }
      return { filePath: path, bytes: bytes.byteLength };
    },
  };
}
