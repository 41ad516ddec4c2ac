import { z } from 'zod';
import { defineChannel } from './define.ts';

const profileId = z.string().min(1).optional();

/** One model file's SHA-256, computed by the backend from the bytes the service sends. */
export const FileDigest = z.object({ assetId: z.string(), sha256: z.string(), bytes: z.number().int().min(0) });

/** Channels behind promotion evidence: checksums of model files, and writing an exported record to a file the user chose. */
export const evidenceChannels = {
  'assets.digests': defineChannel({
    summary: "SHA-256 of some of an experiment's assets (e.g. a model's files), streamed from the service and hashed in the backend.",
    input: z.object({ experimentKey: z.string().min(1).max(200), assetIds: z.array(z.string().min(1).max(200)).min(1).max(200), profileId }),
    output: z.object({ digests: z.array(FileDigest) }),
  }),
  'files.saveText': defineChannel({
    summary: 'Writes a text document (an evidence export) to a file the user chose in the save dialog, replacing it whole (desktop window only).',
    input: z.object({ filePath: z.string().min(1).max(4096), text: z.string().max(50 * 1024 * 1024) }),
    output: z.object({ filePath: z.string(), bytes: z.number().int().min(0) }),
  }),
};
