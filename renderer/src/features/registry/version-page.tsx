import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useApiQuery } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { RecordHeader } from '../../shell/record-header.tsx';
import { FOLLOW_REGISTRY } from './follow-registry.ts';
import { MetadataDialog } from './metadata-dialog.tsx';
import { modelPath, StageChips } from './model-table.tsx';
import { AwaitingApproval } from './promotion/awaiting-approval.tsx';
import { PromotionCockpit } from './promotion/promotion-cockpit.tsx';
import { useRegistryAccess } from './registry-access.ts';
import { StageDialog, type RegistryVersion } from './stage-dialog.tsx';
import { useDeleteVersion } from './use-delete-version.ts';
import { VersionActions } from './version-actions.tsx';
import { VersionFiles } from './version-files.tsx';
import { TrackedDownload } from '../artifacts/index.ts';
import { VersionHistorySection } from './version-history-section.tsx';
import { PageSection } from '../../shell/page-section.tsx';

/** One fact of the version: a label and its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'flex', gap: 2, py: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ width: 160, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One version of a registry model (`/registry/<model>/<version>`): stages, status, what awaits approval, source, files, metadata, history and its actions. */
export function VersionPage() {
  const { modelName = '', version = '' } = useParams();
  const { workspaceName, isLoading } = useWorkspace();
  if (!workspaceName) return isLoading ? <CircularProgress aria-label="Loading workspaces" sx={{ m: 3 }} /> : <Alert severity="info" sx={{ m: 3 }}>Choose a workspace.</Alert>;
  return <VersionDetails key={`${workspaceName}/${modelName}/${version}`} workspaceName={workspaceName} modelName={modelName} versionName={version} />;
}

type Open = 'promote' | 'stages' | 'metadata' | undefined;

function VersionDetails({ workspaceName, modelName, versionName }: { workspaceName: string; modelName: string; versionName: string }) {
  const navigate = useNavigate();
  const accessOf = useRegistryAccess(workspaceName);
  // The same reads as the model page, repeated in the background: a stage moved or a request filed elsewhere shows here too.
  const details = useApiQuery('registryModelDetails', { workspaceName, modelName }, FOLLOW_REGISTRY);
  const requests = useApiQuery('listPromotionRequests', { workspaceName, modelName }, FOLLOW_REGISTRY);
  const item = useApiQuery('registryModelItemDetails', { workspaceName, modelName, version: versionName }, FOLLOW_REGISTRY);
  const [open, setOpen] = useState<Open>(undefined);
  const [opened, setOpened] = useState<RegistryVersion | undefined>(undefined);
  const remove = useDeleteVersion(modelName, () => void navigate(modelPath(modelName), { replace: true }));
  const back = (
    <Button component={RouterLink} to={modelPath(modelName)} color="inherit">
      All versions
    </Button>
  );
  if (details.error) return <Alert severity="error" action={back} sx={{ m: 3 }}>Could not open the model “{modelName}”: {details.error.message}</Alert>;
  if (!details.data) return <CircularProgress aria-label="Loading the version" sx={{ m: 3 }} />;
  const model = details.data;
  // A dialog open on the version stays open when the version vanishes meanwhile (as on the model page): saving then shows the refusal.
  const version = model.versions.find((candidate) => candidate.version === versionName) ?? (open ? opened : undefined);
  if (!version) {
    return (
      <Alert severity="warning" action={back} sx={{ m: 3 }}>
        The model “{model.modelName}” has no version {versionName}: it may have been deleted. Open the model to see the versions it has.
      </Alert>
    );
  }
  const ref = { workspaceName, modelName: model.modelName, registryModelId: model.registryModelId };
  const pending = requests.data?.requests.filter((request) => request.state === 'pending' && request.registryModelItemId === version.registryModelItemId) ?? [];
  const openOn = (kind: Exclude<Open, undefined>) => (chosen: RegistryVersion) => {
    setOpened(chosen);
    setOpen(kind);
  };
  const metadata = item.data?.metadata;
  return (
    <Box sx={{ p: 3 }}>
      <RecordHeader listPath={modelPath(model.modelName)} listLabel={`Model ${model.modelName}`} name={`${model.modelName} ${version.version}`} isPublic={model.isPublic} summary={`version of ${model.modelName} · registered by ${version.userName}`}>
        <VersionActions version={version} accessOf={accessOf} handlers={{ onPromote: openOn('promote'), onStages: openOn('stages'), onMetadata: openOn('metadata'), onDelete: (chosen) => void remove(chosen) }} />
      </RecordHeader>
      <PageSection id="version-summary-title" title="Summary">
        <Box component="dl" aria-label="About this version" sx={{ m: 0 }}>
          <Fact label="Stages (tags)">
            <StageChips stages={version.stages} />
          </Fact>
          <Fact label="Status">{version.status}</Fact>
          <Fact label="Awaiting approval">
            {pending.length === 0 ? (requests.data ? 'Nothing awaits approval.' : 'Reading the requests…') : <AwaitingApproval modelPath={modelPath(model.modelName)} requests={pending} />}
          </Fact>
          <Fact label="Source experiment">
            <Link component={RouterLink} to={`/experiments/${encodeURIComponent(version.experimentModel.experimentKey)}`}>
              model {version.experimentModel.modelName} of experiment {version.experimentModel.experimentKey.slice(0, 8)}
            </Link>
          </Fact>
          <Fact label="Created">{`${formatDateTime(version.createdAt)} by ${version.userName}`}</Fact>
          <Fact label="Last update">{formatDateTime(version.lastUpdated)}</Fact>
          <Fact label="Comment">{version.comment || 'No comment.'}</Fact>
        </Box>
      </PageSection>
      <PageSection id="version-files-title" title="Files">
        {version.assets.length > 0 && (
          <TrackedDownload
            endpoint="downloadRegistryModelItem"
            query={{ workspaceName, modelName, version: version.version }}
            fileName={`${modelName}_${version.version}.zip`}
            label={`Download version ${version.version} (zip)`}
            expectedBytes={version.assets.reduce((sum, asset) => sum + asset.fileSize, 0)}
          />
        )}
        <VersionFiles version={version} />
      </PageSection>
      <PageSection id="version-metadata-title" title="Metadata">
        {item.error ? (
          <Alert severity="error">Could not read the metadata: {item.error.message}</Alert>
        ) : !metadata ? (
          <CircularProgress size={24} aria-label="Loading the metadata" />
        ) : Object.keys(metadata).length === 0 ? (
          <Typography variant="body2">No metadata. Add some with “Metadata…”.</Typography>
        ) : (
          <Stack component="pre" aria-label="Metadata of the version" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', fontSize: 13 }}>
            {JSON.stringify(metadata, null, 2)}
          </Stack>
        )}
      </PageSection>
      <VersionHistorySection subject={{ registryModelId: model.registryModelId, versions: [version] }} of="this version" />
      {open === 'promote' && <PromotionCockpit model={ref} versions={model.versions} target={version} onClose={() => setOpen(undefined)} />}
      {open === 'stages' && <StageDialog model={ref} versions={model.versions} target={version} onClose={() => setOpen(undefined)} />}
      {open === 'metadata' && <MetadataDialog target={{ ...ref, registryModelItemId: version.registryModelItemId, version: version.version }} onClose={() => setOpen(undefined)} />}
    </Box>
  );
}
