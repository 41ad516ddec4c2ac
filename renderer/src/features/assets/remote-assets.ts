import { remoteAssetItem } from '../../../../shared/api/assets.ts';
import { fieldErrors } from '../../lib/form-errors.ts';

/** The remote assets form as typed. */
export interface RemoteAssetsForm {
  /** One address per line. */
  links: string;
  /** Only for a single address; otherwise each is named after its address. */
  fileName: string;
  type: string;
  step: string;
  context: string;
  metadata: string;
}

/** An empty form. */
export const EMPTY_REMOTE_FORM: RemoteAssetsForm = { links: '', fileName: '', type: 'asset', step: '', context: '', metadata: '' };

/** What is wrong, per field. */
export type RemoteAssetsErrors = Partial<Record<keyof RemoteAssetsForm, string>>;

/** The E46 items to send, or the problems to show. */
type ParsedRemoteAssets =
  | { ok: true; remoteAssets: { link: string; fileName?: string; type?: string; step?: number; context?: string; metadata?: string }[] }
  | { ok: false; errors: RemoteAssetsErrors };

function isAbsoluteUrl(text: string): boolean {
  try {
    return new URL(text).protocol.length > 1;
  } catch {
    return false;
  }
}

/** Checks the form (absolute addresses of any scheme: https, s3, gs…; the contract's limits) and builds E46's items. */
export function parseRemoteAssets(form: RemoteAssetsForm): ParsedRemoteAssets {
  const errors: RemoteAssetsErrors = {};
  const links = form.links.split('\n').map((line) => line.trim()).filter(Boolean);
  const bad = links.find((link) => !isAbsoluteUrl(link));
  if (links.length === 0) errors.links = 'enter at least one address';
  else if (bad !== undefined) errors.links = `“${bad}” is not an absolute address (e.g. https://… or s3://…)`;
  else if (links.length > 10_000) errors.links = 'at most 10,000 addresses at once';
  const fileName = form.fileName.trim() || undefined;
  if (fileName !== undefined && links.length > 1) errors.fileName = 'only for a single address';
  const stepText = form.step.trim();
  if (stepText !== '' && !/^\d+$/.test(stepText)) errors.step = 'must be a whole number of 0 or more';
  const metadata = form.metadata.trim() || undefined;
  if (metadata !== undefined && !isJsonObject(metadata)) errors.metadata = 'must be a JSON object, e.g. {"bucket": "raw"}';
  const shared = {
    ...(fileName === undefined ? {} : { fileName }),
    ...(form.type.trim() ? { type: form.type.trim() } : {}),
    ...(stepText === '' ? {} : { step: Number(stepText) }),
    ...(form.context.trim() ? { context: form.context.trim() } : {}),
    ...(metadata === undefined ? {} : { metadata }),
  };
  const limits = fieldErrors(remoteAssetItem, { link: links[0] ?? 'https://example.com', ...shared });
  for (const field of ['link', 'fileName', 'type', 'step', 'context', 'metadata'] as const) {
    const problem = limits[field];
    const key = field === 'link' ? 'links' : field;
    if (problem && errors[key] === undefined) errors[key] = problem;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, remoteAssets: links.map((link) => ({ link, ...shared })) };
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}
