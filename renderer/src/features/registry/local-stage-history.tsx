import { Alert, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime } from '../../lib/format.ts';
import { useStageHistory } from './stage-history.ts';

const SHOWN = 200;
const list = (stages: readonly string[]): string => (stages.length > 0 ? stages.join(', ') : 'none');

/**
 * Shown instead of the version history when the service keeps none (it has no history endpoint): the stage changes this profile
 * recorded on this computer with earlier Trackdesk versions, newest first. Trackdesk no longer records new ones.
 */
export function LocalStageHistory({ registryModelId, reason }: { registryModelId: string; reason: string }) {
  const mine = useStageHistory().filter((entry) => entry.registryModelId === registryModelId).reverse();
  return (
    <>
      <Alert severity="warning" sx={{ my: 1 }}>
        This service keeps no version history: asked for it, it answered “{reason}”. Below are only the stage changes this connection
        recorded on this computer with earlier versions of Trackdesk; changes made elsewhere, and new changes, are not listed.
      </Alert>
      {mine.length === 0 ? (
        <Alert severity="info">No stage changes were recorded on this computer for this model.</Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Stage changes recorded on this computer">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Version</TableCell>
                <TableCell>Before → after</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {mine.slice(0, SHOWN).map((entry, index) => (
                <TableRow key={`${entry.at}:${index}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</TableCell>
                  <TableCell>{entry.userName}</TableCell>
                  <TableCell>{entry.version}</TableCell>
                  <TableCell>
                    {list(entry.before)} → {list(entry.after)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {mine.length > SHOWN && (
        <Typography variant="caption" color="text.secondary">
          The latest {SHOWN} of {mine.length} changes are shown.
        </Typography>
      )}
    </>
  );
}
