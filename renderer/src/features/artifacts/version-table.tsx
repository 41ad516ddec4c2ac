import { Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { formatBytes } from '../assets/format.ts';
import { runPath } from './artifact-paths.ts';
import type { ArtifactVersion } from './artifact-types.ts';
import { Labels } from './labels.tsx';

const stateColor = { OPEN: 'info', CLOSED: 'success', ERROR: 'error' } as const;

/** A version's state as a chip (OPEN while files are still coming, CLOSED final, ERROR failed). */
export function StateChip({ state }: { state: ArtifactVersion['state'] }) {
  return <Chip size="small" color={stateColor[state]} label={state} />;
}

/** An artifact's versions, newest first: state, aliases, tags, size, the run that produced it and when; a click opens one. */
export function VersionTable({ versions, selected, onSelect }: { versions: readonly ArtifactVersion[]; selected: string | undefined; onSelect(version: string): void }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Versions">
        <TableHead>
          <TableRow>
            <TableCell>Version</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Aliases</TableCell>
            <TableCell>Tags</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell>Produced by</TableCell>
            <TableCell>Created</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...versions].reverse().map((version) => (
            <TableRow key={version.artifactVersionId} hover selected={version.version === selected} onClick={() => onSelect(version.version)} sx={{ cursor: 'pointer' }}>
              <TableCell>
                <Link component="button" onClick={() => onSelect(version.version)} aria-label={`Open version ${version.version}`}>
                  {version.version}
                </Link>
              </TableCell>
              <TableCell>
                <StateChip state={version.state} />
              </TableCell>
              <TableCell>
                <Labels values={version.alias} />
              </TableCell>
              <TableCell>
                <Labels values={version.tags} outlined />
              </TableCell>
              <TableCell align="right">{formatBytes(version.sizeInBytes)}</TableCell>
              <TableCell>
                <Link component={RouterLink} to={runPath(version.experimentKey)} onClick={(event) => event.stopPropagation()}>
                  {version.experimentKey.slice(0, 9)}
                </Link>
              </TableCell>
              <TableCell>{formatDateTime(version.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
