import { Transform, type Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import { errorCodes } from 'fastify';

/** The encodings a request body may come in, besides none. */
export type BodyEncoding = 'gzip' | 'deflate';

/** A request body as it is inflated, with the count of encoded bytes read (Fastify's body limit checks that field too). */
export type InflatedBody = Transform & { receivedEncodedLength: number };

/**
 * Inflates the raw request body `encoded` as it arrives, never past `limit` decoded bytes: one byte more fails the
 * stream with Fastify's 413 error. Whenever the stream ends early (over the limit, not what its encoding says, the client
 * gone, or destroyed by whoever reads it because the request was answered), the inflater is stopped at once and the
 * rest of the raw body is read and dropped, never inflated.
 */
export function inflatedBody(encoded: Readable, encoding: BodyEncoding, limit: number): InflatedBody {
  const inflater = encoding === 'gzip' ? createGunzip() : createInflate();
  let decoded = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      decoded += chunk.length;
      if (decoded > limit) return next(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      next(null, chunk);
    },
  });
  const body = Object.assign(capped, { receivedEncodedLength: 0 });
  encoded.on('data', (chunk: Buffer) => {
    body.receivedEncodedLength += chunk.length;
  });
  // Every failure reaches whoever reads the body (Fastify's parser makes it a 4xx); none is left without a listener.
  encoded.on('error', (error) => body.destroy(error));
  inflater.on('error', (error) => body.destroy(error));
  body.once('close', () => {
    encoded.unpipe(inflater);
    encoded.resume();
    inflater.destroy();
  });
  encoded.pipe(inflater).pipe(body);
  return body;
}
