import type { ApiReply } from '../../lib/api.ts';

/** An artifact as the workspace's list shows it. */
export type ArtifactOverview = ApiReply<'listArtifacts'>['artifacts'][number];

/** An artifact with its versions. */
export type ArtifactDetails = ApiReply<'getArtifact'>;

/** One version of an artifact. */
export type ArtifactVersion = ArtifactDetails['versions'][number];

/** One file of an artifact version. */
export type ArtifactFile = ApiReply<'listArtifactVersionFiles'>['files'][number];

/** Artifacts whose type is `type` (all when empty) and whose name contains `name` (any letter case). */
export function filterArtifacts(artifacts: readonly ArtifactOverview[], type: string, name: string): ArtifactOverview[] {
  const needle = name.trim().toLowerCase();
  return artifacts.filter((artifact) => (!type || artifact.artifactType === type) && (!needle || artifact.artifactName.toLowerCase().includes(needle)));
}
