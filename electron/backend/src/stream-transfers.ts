import { openBinary, type OpenedBinary } from './client/binary-stream.ts';
import { ServiceClient } from './client/service-client.ts';
import type { ClientOptions } from './client/target.ts';
import type { UploadStream } from './client/upload.ts';
import type { ProfileService } from './profiles/profile-service.ts';
import type { TransferQueue } from './transfers.ts';

/** One upload whose bytes arrive as a stream: what `transfers.upload` takes, with the bytes instead of a path. */
interface StreamUploadInput {
  transferId: string;
  endpoint: string;
  query: Record<string, unknown>;
  fields?: Record<string, string> | undefined;
  profileId?: string | undefined;
  stream: UploadStream;
}

/** One read of a binary endpoint whose bytes are passed on as they arrive. */
interface StreamDownloadInput {
  endpoint: string;
  query: Record<string, unknown>;
  profileId?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** Transfers whose bytes are streams rather than files on disk (the browser shell's upload and download routes). */
export interface StreamTransfers {
  /** Uploads through the shared transfer queue: the same `transfers.progress` events and cancellation as `transfers.upload`. */
  upload(input: StreamUploadInput): Promise<unknown>;
  /** Cancels a queued or running transfer (of either kind); false when there is none with that id. */
  cancel(transferId: string): boolean;
  /** Opens a binary endpoint (e.g. `downloadAsset`); the caller streams the body onward. */
  openDownload(input: StreamDownloadInput): Promise<OpenedBinary>;
}

/** Builds the stream transfers on the backend's profiles and transfer queue. */
export function streamTransfers(profiles: ProfileService, queue: TransferQueue, clientOptions: Partial<ClientOptions>): StreamTransfers {
  const clientFor = async (profileId: string | undefined) => new ServiceClient(await profiles.target(profileId), clientOptions);
  return {
    upload: ({ transferId, endpoint, query, fields, profileId, stream }) =>
      queue.run(transferId, 'upload', async (signal, onProgress) =>
        (await clientFor(profileId)).upload(endpoint, { query, stream, fields, signal, onProgress }),
      ),
    cancel: (transferId) => queue.cancel(transferId),
    openDownload: async ({ endpoint, query, profileId, signal }) => {
      const client = await clientFor(profileId);
      return openBinary(client.target, endpoint, { query, signal }, client.options);
    },
  };
}
