import type { ApiReply } from '../../../../shared/ipc/index.ts';
import type { ServiceClient } from '../client/service-client.ts';

/** The source experiment as read before copying: what decides the items to copy. */
export interface SourceSnapshot {
  meta: ApiReply<'getExperimentMetadata'>;
  tags: string[];
  parameters: ApiReply<'getParameters'>['values'];
  others: ApiReply<'getOthers'>['values'];
  metricNames: string[];
  assets: ApiReply<'listAssets'>['assets'];
}

/** What copying one experiment's items needs: both clients, both keys, the target's kind, and where to stage files. */
export interface CopyContext {
  source: ServiceClient;
  target: ServiceClient;
  sourceKey: string;
  targetKey: string;
  /** The target offers Trackdesk's batch paths. */
  ours: boolean;
  signal: AbortSignal;
  /** Where asset bytes are staged between download and upload. */
  stagingDir: string;
}

/** The address of an experiment on a service (what the SDK prints): `<service>/<workspace>/<project>/<key>`. */
export function experimentLink(baseUrl: string, workspaceName: string, projectName: string, experimentKey: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${[workspaceName, projectName, experimentKey].map(encodeURIComponent).join('/')}`;
}

/** The tag a copy carries, naming its source. */
export const copiedFromTag = (sourceLink: string): string => `copied-from:${sourceLink}`;
/** The tag the source carries, naming its copy. */
export const copiedToTag = (targetLink: string): string => `copied-to:${targetLink}`;

/** A value read back as a string, sent as the number it was when it reads as one exactly (so min/max rank it as a number). */
export function loggedValueOf(text: string): string | number {
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) && String(number) === text ? number : text;
}
