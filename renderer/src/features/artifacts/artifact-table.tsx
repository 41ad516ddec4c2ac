import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatRelativeTime } from '../../lib/format.ts';
import { formatBytes } from '../assets/format.ts';
import { artifactPath } from './artifact-paths.ts';
import type { ArtifactOverview } from './artifact-types.ts';
import { Labels } from './labels.tsx';

/** The artifacts of a workspace: name, type, latest (newest CLOSED) version, aliases, tags, size and last update. */
export function ArtifactTable({ artifacts }: { artifacts: readonly ArtifactOverview[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Artifacts">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Latest version</TableCell>
            <TableCell align="right">Versions</TableCell>
            <TableCell>Aliases</TableCell>
            <TableCell>Tags</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell>Last update</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {artifacts.map((artifact) => (
            <TableRow key={artifact.artifactId} hover>
              <TableCell>
                <Link component={RouterLink} to={artifactPath(artifact.artifactName)}>
                  {artifact.artifactName}
                </Link>
              </TableCell>
              <TableCell>{artifact.artifactType}</TableCell>
              <TableCell>{artifact.latestVersion ?? '—'}</TableCell>
              <TableCell align="right">{artifact.numberOfVersions}</TableCell>
              <TableCell>
                <Labels values={artifact.aliases} />
              </TableCell>
              <TableCell>
                <Labels values={artifact.tags} outlined />
              </TableCell>
              <TableCell align="right">{formatBytes(artifact.sizeInBytes)}</TableCell>
              <TableCell>
                <Tooltip title={formatDateTime(artifact.lastUpdated)}>
                  <span>{formatRelativeTime(artifact.lastUpdated)}</span>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
