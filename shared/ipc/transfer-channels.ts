import { z } from 'zod';
import { defineChannel } from './define.ts';

/** Chosen by the renderer (e.g. crypto.randomUUID()) so it can match progress events and cancel. */
const transferId = z.string().min(1).max(100);
const filePath = z.string().min(1).max(4096);
const query = z.record(z.string(), z.unknown()).default({});
const profileId = z.string().min(1).optional();

/** Progress of one upload or download, pushed as the `transfers.progress` event. */
export const TransferProgress = z.object({
  transferId,
  direction: z.enum(['upload', 'download']),
  state: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
  transferredBytes: z.number().int().min(0),
  /** Unknown for downloads whose server sends no length. */
  totalBytes: z.number().int().min(0).optional(),
  message: z.string().optional(),
});

/** Progress of one upload or download. */
export type TransferProgress = z.infer<typeof TransferProgress>;

/** File uploads and downloads streamed between disk and the service, and the native file dialogs. */
export const transferChannels = {
  'transfers.upload': defineChannel({
    summary: 'Streams a file from disk to a multipart endpoint (e.g. uploadAsset) as part `file`; answers its reply.',
    input: z.object({
      transferId,
      endpoint: z.string().min(1).max(100),
      query,
      filePath,
      /** Extra form parts sent before the file (e.g. `metadata` as a JSON string). */
      fields: z.record(z.string(), z.string()).optional(),
      profileId,
    }),
    output: z.unknown(),
  }),
  'transfers.download': defineChannel({
    summary: 'Streams the bytes of a binary endpoint (e.g. an asset download) into a file chosen by the user.',
    input: z.object({ transferId, endpoint: z.string().min(1).max(100), query, filePath, profileId }),
    output: z.object({ filePath: z.string(), bytes: z.number().int().min(0) }),
  }),
  'transfers.preview': defineChannel({
    summary: 'Reads a small binary reply whole (e.g. an image asset for a preview) and answers it as a data: URL; refuses one over maxBytes.',
    input: z.object({
      endpoint: z.string().min(1).max(100),
      query,
      maxBytes: z.number().int().min(1).max(16 * 1024 * 1024).default(4 * 1024 * 1024),
      profileId,
    }),
    output: z.object({ contentType: z.string(), bytes: z.number().int().min(0), dataUrl: z.string() }),
  }),
  'transfers.previewMany': defineChannel({
    summary:
      'Reads many small binary replies of one endpoint (e.g. every step of a histogram) in one call, a few at a time, each ' +
      'answered as transfers.preview does, or why it could not be read; items past 64 MiB in all are not read.',
    input: z.object({
      endpoint: z.string().min(1).max(100),
      queries: z.array(query).min(1).max(2000),
      maxBytes: z.number().int().min(1).max(16 * 1024 * 1024).default(4 * 1024 * 1024),
      profileId,
    }),
    output: z.object({
      items: z.array(
        z.union([
          z.object({ ok: z.literal(true), contentType: z.string(), bytes: z.number().int().min(0), dataUrl: z.string() }),
          z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
        ]),
      ),
    }),
  }),
  'transfers.cancel': defineChannel({
    summary: 'Cancels a queued or running transfer; answers whether one was found.',
    input: z.object({ transferId }),
    output: z.object({ cancelled: z.boolean() }),
  }),
  'files.chooseOpen': defineChannel({
    summary: 'Shows the native open dialog (desktop window only; the browser shell answers "unsupported").',
    input: z.object({ title: z.string().max(200).optional(), multiple: z.boolean().default(false) }),
    output: z.object({ paths: z.array(z.string()) }),
  }),
  'files.chooseSave': defineChannel({
    summary: 'Shows the native save dialog (desktop window only; the browser shell answers "unsupported").',
    input: z.object({ title: z.string().max(200).optional(), defaultName: z.string().max(255).optional() }),
    output: z.object({ path: z.string().nullable() }),
  }),
};
