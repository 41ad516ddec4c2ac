import { readBinary } from '../client/binary-stream.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ClientOptions } from '../client/target.ts';
import type { Handlers } from '../ipc/dispatch.ts';
import type { ProfileService } from '../profiles/profile-service.ts';

/** `transfers.preview`: a small binary reply (an image asset) read whole and answered as a data: URL, in both shells. */
export function previewHandler(profiles: ProfileService, clientOptions: Partial<ClientOptions>): Pick<Handlers, 'transfers.preview'> {
  return {
    'transfers.preview': async ({ endpoint, query, maxBytes, profileId }) => {
      const client = new ServiceClient(await profiles.target(profileId), clientOptions);
      const { contentType, bytes } = await readBinary(client.target, endpoint, { query, maxBytes }, client.options);
      const mediaType = contentType.split(';')[0]?.trim() || 'application/octet-stream';
      return { contentType: mediaType, bytes: bytes.byteLength, dataUrl: `data:${mediaType};base64,${bytes.toString('base64')}` };
    },
  };
}
