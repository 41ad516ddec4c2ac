import DataObjectIcon from '@mui/icons-material/DataObject';
import TableViewIcon from '@mui/icons-material/TableView';
import { Alert, Box, FormControlLabel, MenuItem, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { auditActions } from '../../../../shared/api/index.ts';
import { useApiQuery } from '../../lib/api.ts';
import { formatDateTime, plural } from '../../lib/format.ts';
import { saveTextFile } from '../../lib/save-text.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { useNotify } from '../../shell/notify.tsx';
import { ToolbarButton } from '../../shell/toolbar-button.tsx';
import { auditCsv, type AuditEvent } from './audit-csv.ts';
import { breaksLongText } from '../../shell/table-layout.ts';

/** The most entries one read (and one export) holds. */
const PAGE = 1000;

/** A state before or after a change, in a line. */
const stateText = (state: unknown): string => (state === null || state === undefined ? '' : JSON.stringify(state));

/** The audit trail of the selected workspace (its admins), or of the whole service (service admins), filtered, exportable. */
export function AuditScreen() {
  const { workspaceName } = useWorkspace();
  const notify = useNotify();
  const [wholeService, setWholeService] = useState(false);
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const filters = { ...(actor.trim() ? { actor: actor.trim() } : {}), ...(action ? { action: action as AuditEvent['action'] } : {}), limit: PAGE };
  const workspaceTrail = useApiQuery('workspaceAuditTrail', { workspaceName: workspaceName ?? '', ...filters }, { enabled: !wholeService && Boolean(workspaceName) });
  const serviceTrail = useApiQuery('serviceAuditTrail', filters, { enabled: wholeService });
  const trail = wholeService ? serviceTrail : workspaceTrail;
  const events = trail.data?.events ?? [];
  const scope = wholeService ? 'service' : (workspaceName ?? 'workspace');
  const exportAs = async (format: 'csv' | 'json') => {
    const file =
      format === 'csv'
        ? { text: auditCsv(events), fileName: `audit-${scope}.csv`, mediaType: 'text/csv' }
        : { text: `${JSON.stringify(events, null, 2)}\n`, fileName: `audit-${scope}.json`, mediaType: 'application/json' };
    try {
      const path = await saveTextFile(file, 'Save the audit trail');
      if (path) notify.success(`Saved ${plural(events.length, 'entry', 'entries')} to ${path}.`);
    } catch (error) {
      notify.error(error, 'Could not export the audit trail');
    }
  };
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Audit trail {wholeService ? 'of the whole service' : `of “${workspaceName ?? ''}”`}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <FormControlLabel control={<Switch checked={wholeService} onChange={(event) => setWholeService(event.target.checked)} />} label="Whole service (service admins)" />
        <TextField size="small" label="Made by" value={actor} onChange={(event) => setActor(event.target.value)} />
        <TextField select size="small" label="Action" value={action} onChange={(event) => setAction(event.target.value)} sx={{ minWidth: 220 }}>
          <MenuItem value="">Any action</MenuItem>
          {auditActions.map((each) => (
            <MenuItem key={each} value={each}>
              {each}
            </MenuItem>
          ))}
        </TextField>
        <ToolbarButton label="Export CSV" icon={<TableViewIcon />} disabled={events.length === 0} onClick={() => void exportAs('csv')} />
        <ToolbarButton label="Export JSON" icon={<DataObjectIcon />} disabled={events.length === 0} onClick={() => void exportAs('json')} />
      </Stack>
      {trail.error && <Alert severity="error">Could not read the audit trail: {trail.error.message}</Alert>}
      {trail.data && events.length === 0 && <Alert severity="info">No entry matches.</Alert>}
      {events.length > 0 && (
        <Table size="small" aria-label="Audit trail">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>Action</TableCell>
              <TableCell>Target</TableCell>
              {wholeService && <TableCell>Workspace</TableCell>}
              <TableCell>Before</TableCell>
              <TableCell>After</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {events.map((event) => (
              <TableRow key={event.id}>
                <TableCell>{formatDateTime(event.at)}</TableCell>
                <TableCell>
                  {event.actorName}
                  {event.keyPrefix ? ` (${event.keyPrefix}…)` : ''}
                </TableCell>
                <TableCell>{event.action}</TableCell>
                <TableCell>{event.target || '(workspace default)'}</TableCell>
                {wholeService && <TableCell>{event.workspaceName ?? '—'}</TableCell>}
                <TableCell sx={[breaksLongText, { fontFamily: 'monospace', fontSize: 12 }]}>{stateText(event.before)}</TableCell>
                <TableCell sx={[breaksLongText, { fontFamily: 'monospace', fontSize: 12 }]}>{stateText(event.after)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
