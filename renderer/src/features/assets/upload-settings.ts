import { api } from '../../../../shared/api/index.ts';
import { cleanTags } from './asset-record.ts';
import { AUTOMATIC_TYPE } from './asset-types.ts';
import type { UploadSettings } from './upload-queue.ts';

/** The upload settings form as typed. */
export interface UploadSettingsForm {
  type: string;
  step: string;
  context: string;
  metadata: string;
  overwrite: boolean;
  /** Comma-separated tags for every uploaded file. */
  tags: string;
}

/** A fresh form: type decided per file, nothing else set. */
export const EMPTY_UPLOAD_SETTINGS: UploadSettingsForm = { type: AUTOMATIC_TYPE, step: '', context: '', metadata: '', overwrite: false, tags: '' };

/** What is wrong with the form, per field. */
export type UploadSettingsErrors = Partial<Record<keyof UploadSettingsForm, string>>;

/** The settings to send, or the problems to show before anything is sent. */
type ParsedUploadSettings = { ok: true; settings: UploadSettings } | { ok: false; errors: UploadSettingsErrors };

const query = api.uploadAsset.query.shape;

/**
 * Checks the form with the contract's own limits (so form and service agree): a whole step of 0 or more, context and
 * type within their lengths, metadata a JSON object. `urlBudget` (browser shell only) bounds the metadata as the
 * browser shell carries it in the upload address (the URL-encoded `fields` parameter).
 */
export function parseUploadSettings(form: UploadSettingsForm, urlBudget?: number): ParsedUploadSettings {
  const errors: UploadSettingsErrors = {};
  const type = form.type.trim() || AUTOMATIC_TYPE;
  if (!query.type.safeParse(type).success) errors.type = 'must be at most 100 characters';
  const stepText = form.step.trim();
  const step = stepText === '' ? undefined : Number(stepText);
  if (step !== undefined && (!/^\d+$/.test(stepText) || !Number.isSafeInteger(step))) errors.step = 'must be a whole number of 0 or more';
  const context = form.context.trim() || undefined;
  if (!query.context.safeParse(context).success) errors.context = 'must be at most 1000 characters';
  const metadata = form.metadata.trim() || undefined;
  if (metadata !== undefined) {
    const problem = metadataProblem(metadata, urlBudget);
    if (problem) errors.metadata = problem;
  }
  const typedTags = form.tags.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
  if (typedTags.some((tag) => tag.length > 200)) errors.tags = 'each tag must be at most 200 characters';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const tags = cleanTags(typedTags);
  return { ok: true, settings: { type, step, context, metadata, overwrite: form.overwrite, ...(tags.length > 0 ? { tags } : {}) } };
}

function metadataProblem(text: string, urlBudget: number | undefined): string | undefined {
  if (!query.metadata.safeParse(text).success) return 'must be at most 1,000,000 characters';
  if (urlBudget !== undefined && encodeURIComponent(JSON.stringify({ metadata: text })).length > urlBudget) {
    return `is too long to send from the browser (at most ${urlBudget.toLocaleString()} bytes once encoded); the desktop window takes more`;
  }
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? undefined : 'must be a JSON object, e.g. {"source": "camera-2"}';
  } catch {
    return 'must be valid JSON, e.g. {"source": "camera-2"}';
  }
}
