import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useParams, useSearchParams } from 'react-router';
import { useApiQuery } from '../../lib/api.ts';
import { formatDateTime, plural } from '../../lib/format.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { RecordHeader } from '../../shell/record-header.tsx';
import { formatBytes } from '../assets/format.ts';
import { ARTIFACTS_PATH } from './artifact-paths.ts';
import type { ArtifactDetails, ArtifactVersion } from './artifact-types.ts';
import { ArtifactTagsEditor } from './artifact-tags-editor.tsx';
import { Labels } from './labels.tsx';
import { LineageGraph } from './lineage-graph.tsx';
import { TrackedDownload } from './tracked-download.tsx';
import { VersionFiles } from './version-files.tsx';
import { VersionLabelsEditor } from './version-labels-editor.tsx';
import { VersionStateControl } from './version-state-control.tsx';
import { StateChip, VersionTable } from './version-table.tsx';
import { PageSection } from '../../shell/page-section.tsx';

/** One artifact (`/artifacts/<name>?version=`): its versions, and the chosen one's files, metadata, lineage and labels. */
export function ArtifactPage() {
  const { artifactName = '' } = useParams();
  const { workspaceName, isLoading } = useWorkspace();
  if (!workspaceName) return isLoading ? <CircularProgress aria-label="Loading workspaces" sx={{ m: 3 }} /> : <Alert severity="info" sx={{ m: 3 }}>Choose a workspace.</Alert>;
  return <ArtifactDetailsView key={`${workspaceName}/${artifactName}`} workspaceName={workspaceName} artifactName={artifactName} />;
}

function ArtifactDetailsView({ workspaceName, artifactName }: { workspaceName: string; artifactName: string }) {
  const artifact = useApiQuery('getArtifact', { workspace: workspaceName, artifactName });
  const [search, setSearch] = useSearchParams();
  if (artifact.error) return <Alert severity="error" sx={{ m: 3 }}>Could not load the artifact {artifactName}: {artifact.error.message}</Alert>;
  if (!artifact.data) return <CircularProgress aria-label="Loading the artifact" sx={{ m: 3 }} />;
  const data = artifact.data;
  const chosen = data.versions.find((version) => version.version === search.get('version')) ?? data.versions.find((version) => version.version === data.latestVersion) ?? data.versions.at(-1);
  return (
    <Box sx={{ p: 3 }}>
      <RecordHeader
        listPath={ARTIFACTS_PATH}
        listLabel={`Artifacts in ${workspaceName}`}
        name={data.artifactName}
        isPublic={data.isPublic}
        summary={`${data.artifactType} · ${plural(data.numberOfVersions, 'version')} · latest ${data.latestVersion ?? 'none closed yet'} · ${formatBytes(data.sizeInBytes)}`}>
        <Labels values={data.tags} outlined />
      </RecordHeader>
      <Box sx={{ mt: 2 }}>
        <ArtifactTagsEditor key={data.lastUpdated} artifact={data} workspaceName={workspaceName} />
      </Box>
      <PageSection id="artifact-versions" title="Versions">
        <VersionTable versions={data.versions} selected={chosen?.version} onSelect={(version) => setSearch({ version }, { replace: true })} />
      </PageSection>
      {chosen && <ChosenVersion key={chosen.artifactVersionId} artifact={data} version={chosen} workspaceName={workspaceName} />}
    </Box>
  );
}

function ChosenVersion({ artifact, version, workspaceName }: { artifact: ArtifactDetails; version: ArtifactVersion; workspaceName: string }) {
  return (
    <PageSection id="artifact-version" title={`Version ${version.version}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <StateChip state={version.state} />
        <Typography variant="body2" color="text.secondary">
          {formatBytes(version.sizeInBytes)} · created {formatDateTime(version.createdAt)} by {version.owner}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <TrackedDownload
          endpoint="downloadArtifactVersion"
          query={{ artifactVersionId: version.artifactVersionId }}
          fileName={`${artifact.artifactName}_${version.version}.zip`}
          label={`Download version ${version.version} (zip)`}
          expectedBytes={version.sizeInBytes}
        />
      </Stack>
      <PageSection id="artifact-version-files" title="Files">
        <VersionFiles artifactId={artifact.artifactId} version={version} />
      </PageSection>
      <PageSection id="artifact-version-lineage" title="Lineage">
        <LineageGraph artifactVersionId={version.artifactVersionId} versionLabel={version.version} />
      </PageSection>
      <PageSection id="artifact-version-labels" title="Aliases, tags and metadata">
        <VersionLabelsEditor key={version.lastUpdated} version={version} workspaceName={workspaceName} />
      </PageSection>
      <PageSection id="artifact-version-state" title="State">
        <VersionStateControl version={version} workspaceName={workspaceName} />
      </PageSection>
    </PageSection>
  );
}
