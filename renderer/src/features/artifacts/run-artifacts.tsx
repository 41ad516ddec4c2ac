import { Alert, CircularProgress, Link, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useApiQuery, type ApiReply } from '../../lib/api.ts';
import { DetailSection } from '../experiment-detail/detail-section.tsx';
import { artifactPath } from './artifact-paths.ts';
import { TrackedDownload } from './tracked-download.tsx';

type LineageItem = ApiReply<'getArtifactLineage'>['artifacts'][number];

/** The artifact versions of one direction (produced or consumed), each linking to its artifact's page on that version. */
function LineageTable({ items, label }: { items: readonly LineageItem[]; label: string }) {
  if (items.length === 0) return <Typography variant="body2" color="text.secondary">None.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Artifact</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Version</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.artifactVersionId}>
              <TableCell>
                <Link component={RouterLink} to={artifactPath(item.artifactName, item.version)}>
                  {item.artifactName}
                </Link>
              </TableCell>
              <TableCell>{item.artifactType}</TableCell>
              <TableCell>{item.version}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The models the run logged, each downloadable as a zip of its files. */
function LoggedModels({ experimentKey }: { experimentKey: string }) {
  const models = useApiQuery('listExperimentModels', { experimentKey });
  if (models.error) return <Alert severity="error">Could not load the run's models: {models.error.message}</Alert>;
  if (!models.data) return <CircularProgress aria-label="Loading the models" />;
  if (models.data.models.length === 0) return <Typography variant="body2" color="text.secondary">None.</Typography>;
  return (
    <Stack spacing={1}>
      {models.data.models.map((model) => (
        <Stack key={model.modelName} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{model.modelName}</Typography>
          <TrackedDownload endpoint="downloadExperimentModel" query={{ experimentKey, modelName: model.modelName }} fileName={`${model.modelName}.zip`} label={`Download model ${model.modelName} (zip)`} />
        </Stack>
      ))}
    </Stack>
  );
}

/** A run's Artifacts tab: the artifact versions it produced and consumed, and its logged models to download. */
export function RunArtifacts({ experimentKey }: { experimentKey: string }) {
  const lineage = useApiQuery('getArtifactLineage', { experimentKey, filter: 'all' });
  const items = lineage.data?.artifacts ?? [];
  return (
    <Stack spacing={3}>
      {lineage.error && <Alert severity="error">Could not load the run's artifacts: {lineage.error.message}</Alert>}
      {lineage.isPending && <CircularProgress aria-label="Loading the run's artifacts" />}
      {lineage.data && (
        <>
          <DetailSection id="run-artifacts-produced" title="Produced">
            <LineageTable items={items.filter((item) => item.direction === 'output')} label="Artifacts produced" />
          </DetailSection>
          <DetailSection id="run-artifacts-consumed" title="Consumed">
            <LineageTable items={items.filter((item) => item.direction === 'input')} label="Artifacts consumed" />
          </DetailSection>
        </>
      )}
      <DetailSection id="run-logged-models" title="Logged models">
        <LoggedModels experimentKey={experimentKey} />
      </DetailSection>
    </Stack>
  );
}
