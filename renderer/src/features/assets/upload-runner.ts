import { EnvelopeSchema } from '../../../../shared/ipc/index.ts';
import { BridgeError, invoke } from '../../bridge.ts';
import { callApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { shellHeaders } from '../../shell-access.ts';
import type { UploadOutcome, UploadSettings } from './upload-queue.ts';

/** Where a file's bytes are: a File the page holds (browser shell), or a path chosen in the native dialog (desktop window). */
export type UploadSource = { kind: 'file'; file: File } | { kind: 'path'; path: string };

/** One attempt to upload one file as an asset (E44). */
interface UploadAttemptRequest {
  transferId: string;
  profileId: string;
  experimentKey: string;
  fileName: string;
  settings: UploadSettings;
  source: UploadSource;
}

/** An attempt in flight: how it ends, and how to cancel it. */
export interface UploadAttempt {
  outcome: Promise<UploadOutcome>;
  cancel(): void;
}

/** The query of E44 for a file and its settings (fields left empty are not sent). */
export function uploadQuery(experimentKey: string, fileName: string, settings: UploadSettings): Record<string, unknown> {
  return {
    experimentKey,
    fileName,
    type: settings.type,
    ...(settings.step === undefined ? {} : { step: settings.step }),
    ...(settings.context === undefined ? {} : { context: settings.context }),
    ...(settings.overwrite ? { overwrite: true } : {}),
  };
}

const cancelledOutcome: UploadOutcome = { ok: false, code: 'cancelled', message: 'Cancelled.' };

function outcomeOf(data: unknown): UploadOutcome {
  const assetId = (data as { assetId?: unknown } | null)?.assetId;
  return typeof assetId === 'string' ? { ok: true, assetId } : { ok: false, code: 'incompatible', message: 'The service answered without an asset id.' };
}

function failureOf(error: unknown): UploadOutcome {
  return { ok: false, code: error instanceof BridgeError ? error.code : 'internal', message: errorMessage(error) };
}

/**
 * Starts one upload. Progress arrives as `transfers.progress` events under `transferId` either way.
 * - A path (desktop window): `transfers.upload` streams the file from disk; cancel is `transfers.cancel`.
 * - A File (browser shell): its bytes are the body of POST /transfers/upload, which streams them through the same
 *   backend upload engine; cancel aborts that request (the backend then cancels the transfer).
 * The settings' tags are added to the new asset once it is uploaded (the upload itself, E44, takes none).
 */
export function startUpload(request: UploadAttemptRequest): UploadAttempt {
  const attempt = startBareUpload(request);
  const tags = request.settings.tags ?? [];
  if (tags.length === 0) return attempt;
  return { ...attempt, outcome: attempt.outcome.then((outcome) => (outcome.ok ? tagUploaded(request, outcome.assetId, tags) : outcome)) };
}

/** Adds the upload's tags to the asset it made (E48); a refusal fails the item with the service's message. */
async function tagUploaded({ experimentKey, profileId }: UploadAttemptRequest, assetId: string, tags: readonly string[]): Promise<UploadOutcome> {
  try {
    await callApi('addAssetTags', { body: { experimentKey, assetId, tags: [...tags] } }, profileId);
    return { ok: true, assetId };
  } catch (error) {
    return { ok: false, code: error instanceof BridgeError ? error.code : 'internal', message: `Uploaded, but the tags were not added: ${errorMessage(error)}` };
  }
}

function startBareUpload(request: UploadAttemptRequest): UploadAttempt {
  const { transferId, profileId, experimentKey, fileName, settings, source } = request;
  const query = uploadQuery(experimentKey, fileName, settings);
  const fields = settings.metadata === undefined ? undefined : { metadata: settings.metadata };
  const cancelTransfer = () => void invoke('transfers.cancel', { transferId }).catch(() => undefined);
  if (source.kind === 'path') {
    const outcome = invoke('transfers.upload', { transferId, endpoint: 'uploadAsset', query, filePath: source.path, fields, profileId }).then(
      outcomeOf,
      failureOf,
    );
    return { outcome, cancel: cancelTransfer };
  }
  const params = new URLSearchParams({ transferId, endpoint: 'uploadAsset', fileName, query: JSON.stringify(query), profileId });
  if (fields) params.set('fields', JSON.stringify(fields));
  const controller = new AbortController();
  const outcome = fetch(`/transfers/upload?${params}`, {
    method: 'POST',
    headers: shellHeaders({ 'content-type': 'application/octet-stream' }),
    body: source.file,
    credentials: 'omit',
    signal: controller.signal,
  })
    .then(async (response) => {
      const envelope = EnvelopeSchema.safeParse(await response.json().catch(() => undefined));
      if (!envelope.success) return { ok: false as const, code: 'internal', message: `Trackdesk answered the upload with HTTP ${response.status}.` };
      return envelope.data.ok ? outcomeOf(envelope.data.data) : failureOf(new BridgeError(envelope.data.error));
    })
    .catch((): UploadOutcome =>
      controller.signal.aborted ? cancelledOutcome : { ok: false, code: 'unreachable', message: 'Trackdesk stopped answering during the upload.' },
    );
  return {
    outcome,
    cancel: () => {
      controller.abort();
      cancelTransfer();
    },
  };
}
