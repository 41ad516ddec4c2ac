import type { ChannelOutput } from '../../../../shared/ipc/index.ts';
import { readBinary } from '../client/binary-stream.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ClientOptions } from '../client/target.ts';
import { AppError } from '../ipc/app-error.ts';
import type { Handlers } from '../ipc/dispatch.ts';
import type { ProfileService } from '../profiles/profile-service.ts';

/** How many replies `transfers.previewMany` reads at once, and the most bytes it answers in all. */
const READS_AT_ONCE = 8;
const MANY_MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/** A reply's bytes as a data: URL of its media type. */
function dataUrlOf(contentType: string, bytes: Buffer) {
  const mediaType = contentType.split(';')[0]?.trim() || 'application/octet-stream';
  return { contentType: mediaType, bytes: bytes.byteLength, dataUrl: `data:${mediaType};base64,${bytes.toString('base64')}` };
}

/** `transfers.preview` and `transfers.previewMany`: small binary replies (image or JSON assets) read whole and answered as data: URLs, in both shells. */
export function previewHandler(profiles: ProfileService, clientOptions: Partial<ClientOptions>): Pick<Handlers, 'transfers.preview' | 'transfers.previewMany'> {
  return {
    'transfers.preview': async ({ endpoint, query, maxBytes, profileId }) => {
      const client = new ServiceClient(await profiles.target(profileId), clientOptions);
      const { contentType, bytes } = await readBinary(client.target, endpoint, { query, maxBytes }, client.options);
      return dataUrlOf(contentType, bytes);
    },
    'transfers.previewMany': async ({ endpoint, queries, maxBytes, profileId }) => {
      const client = new ServiceClient(await profiles.target(profileId), clientOptions);
      const items: ChannelOutput<'transfers.previewMany'>['items'] = new Array(queries.length);
      let total = 0;
      let next = 0;
      const worker = async () => {
        for (let index = next++; index < queries.length; index = next++) {
          try {
            if (total >= MANY_MAX_TOTAL_BYTES) throw new AppError('too_large', `Not read: the replies before it reached ${MANY_MAX_TOTAL_BYTES} bytes.`);
            const { contentType, bytes } = await readBinary(client.target, endpoint, { query: queries[index] ?? {}, maxBytes }, client.options);
            total += bytes.byteLength;
            items[index] = { ok: true, ...dataUrlOf(contentType, bytes) };
          } catch (error) {
            const failure = error instanceof AppError ? error : new AppError('internal', error instanceof Error ? error.message : String(error));
            items[index] = { ok: false, code: failure.code, message: failure.message };
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, queries.length) }, worker));
      return { items };
    },
  };
}
