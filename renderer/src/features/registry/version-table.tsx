import { Box, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import type { Access } from '../../lib/access.ts';
import { formatDateTime, formatRelativeTime } from '../../lib/format.ts';
import { givesWayWhenNarrow, stickyActionsCell } from '../../shell/table-layout.ts';
import { modelPath, StageChips, versionPath } from './model-table.tsx';
import { AwaitingApproval } from './promotion/awaiting-approval.tsx';
import type { PromotionRequest } from './promotion/governance.ts';
import type { RegistryCommand } from './registry-access.ts';
import type { RegistryVersion } from './stage-dialog.tsx';
import type { PromotionChange } from './promotion/use-promotion.ts';
import type { ModelRef } from './use-stage-change.ts';
import { VersionActions } from './version-actions.tsx';
import { VersionStatusSelect } from './version-status-select.tsx';

/** Where a version came from: its experiment model, linked to the experiment (in the Version column when Source gives way). */
function VersionSource({ version, sx }: { version: RegistryVersion; sx?: SxProps<Theme> }) {
  return (
    <Box sx={sx}>
      <Link component={RouterLink} to={`/experiments/${encodeURIComponent(version.experimentModel.experimentKey)}`}>
        {version.experimentModel.modelName}
      </Link>
      <Typography variant="caption" component="div" color="text.secondary">
        experiment {version.experimentModel.experimentKey.slice(0, 8)}
      </Typography>
    </Box>
  );
}

/** A model's versions (each linking to its page): stages (the SDK's tags) and the changes awaiting approval, status (editable), comment, source, who made it and when, with stage, metadata and delete actions. */
export function VersionTable({
  model,
  versions,
  onStages,
  onPromote,
  onMetadata,
  onDelete,
  accessOf,
  pending = [],
}: {
  model: ModelRef;
  /** The model's pending promotion requests: each is shown on its version as awaiting approval. */
  pending?: readonly PromotionRequest[];
  /** Whether the caller may run each command (see `useRegistryAccess`): those it may not are disabled with the reason. */
  accessOf: (command: RegistryCommand) => Access;
  versions: readonly RegistryVersion[];
  onStages: (version: RegistryVersion) => void;
  /** Opens the promotion cockpit for a version, with a change already chosen (from the status select) or none. */
  onPromote: (version: RegistryVersion, change?: PromotionChange) => void;
  onMetadata: (version: RegistryVersion) => void;
  onDelete: (version: RegistryVersion) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Versions">
        <TableHead>
          <TableRow>
            <TableCell>Version</TableCell>
            <TableCell>Stages (tags)</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={givesWayWhenNarrow}>Comment</TableCell>
            <TableCell sx={givesWayWhenNarrow}>Source</TableCell>
            <TableCell sx={givesWayWhenNarrow}>Created</TableCell>
            <TableCell sx={givesWayWhenNarrow}>Last update</TableCell>
            <TableCell align="right" sx={stickyActionsCell}>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.map((version) => (
            <TableRow key={version.registryModelItemId}>
              <TableCell>
                <Link component={RouterLink} to={versionPath(model.modelName, version.version)}>
                  {version.version}
                </Link>
                <VersionSource version={version} sx={{ display: { lg: 'none' } }} />
              </TableCell>
              <TableCell>
                <StageChips stages={version.stages} />
                <AwaitingApproval modelPath={modelPath(model.modelName)} requests={pending.filter((request) => request.registryModelItemId === version.registryModelItemId)} />
              </TableCell>
              <TableCell>
                <VersionStatusSelect
                  workspaceName={model.workspaceName}
                  version={version.version}
                  status={version.status}
                  refusal={accessOf('promote').reason}
                  onChoose={(status) => onPromote(version, { kind: 'status', value: status })}
                />
              </TableCell>
              <TableCell sx={[givesWayWhenNarrow, { maxWidth: 280 }]}>
                <Typography variant="body2" noWrap title={version.comment}>
                  {version.comment || '—'}
                </Typography>
              </TableCell>
              <TableCell sx={givesWayWhenNarrow}>
                <VersionSource version={version} />
              </TableCell>
              <TableCell sx={[givesWayWhenNarrow, { whiteSpace: 'nowrap' }]}>
                {formatDateTime(version.createdAt)}
                <Typography variant="caption" component="div" color="text.secondary">
                  by {version.userName}
                </Typography>
              </TableCell>
              <TableCell sx={givesWayWhenNarrow}>
                <Tooltip title={formatDateTime(version.lastUpdated)}>
                  <span>{formatRelativeTime(version.lastUpdated)}</span>
                </Tooltip>
              </TableCell>
              <TableCell align="right" sx={[stickyActionsCell, { whiteSpace: 'nowrap' }]}>
                <VersionActions version={version} accessOf={accessOf} handlers={{ onStages, onPromote: (chosen) => onPromote(chosen), onMetadata, onDelete }} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
