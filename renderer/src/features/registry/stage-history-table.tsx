import { Alert, Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime } from '../../lib/format.ts';
import { useStageHistory } from './stage-history.ts';

const SHOWN = 200;
const list = (stages: readonly string[]): string => (stages.length > 0 ? stages.join(', ') : 'none');

/** The stage changes of one model made through Trackdesk with this profile (kept on this computer), newest first. */
export function StageHistoryTable({ registryModelId }: { registryModelId: string }) {
  const { entries } = useStageHistory();
  const mine = entries.filter((entry) => entry.registryModelId === registryModelId).reverse();
  return (
    <Box component="section" aria-labelledby="stage-history-title" sx={{ mt: 3 }}>
      <Typography id="stage-history-title" variant="h6" component="h3">
        Stage changes made with Trackdesk
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Kept on this computer for this connection; changes made elsewhere are not listed.
      </Typography>
      {mine.length === 0 ? (
        <Alert severity="info">No stage changes made with Trackdesk yet.</Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Stage history">
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
    </Box>
  );
}
