/** The address of the workspace's artifact list. */
export const ARTIFACTS_PATH = '/artifacts';

/** The address of an artifact's page, optionally opened on one of its versions. */
export const artifactPath = (artifactName: string, version?: string): string =>
  `${ARTIFACTS_PATH}/${encodeURIComponent(artifactName)}${version ? `?version=${encodeURIComponent(version)}` : ''}`;

/** The address of a run's page. */
export const runPath = (experimentKey: string): string => `/experiments/${encodeURIComponent(experimentKey)}`;
