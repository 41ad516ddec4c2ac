/** The artifacts feature: the workspace's artifact list, one artifact's page, a run's artifacts and tracked zip downloads. */
export { ArtifactsScreen } from './artifacts-screen.tsx';
export { ArtifactPage } from './artifact-page.tsx';
export { RunArtifacts } from './run-artifacts.tsx';
export { TrackedDownload } from './tracked-download.tsx';
